// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ArtCodec} from "./ArtCodec.sol";
import {Base64Swar} from "./Base64Swar.sol";

/// @notice Renders a decoded piece as an SVG and the token's metadata JSON, both on-chain.
/// @dev The SVG paints colour 0 as one 9x9 rect, then per other colour in use a group with one
///      rect per horizontal run; `shared/src/art/svg.ts` renders the same markup. The SVG sits in
///      the JSON as a UTF-8 data URI (single quotes, `#` written `%23`), not base64: the JSON is
///      base64-encoded anyway.
///      Cost is bounded for any art the contract accepts: the JSON is written once, in place
///      (at most 3,993 bytes: 81 runs in 15 groups), with a fixed cost per cell, per run and per
///      group; runs are counted first so that each rect is written straight into its colour's
///      group in one pass over the pixels; the base64 runs 24 bytes a step (`Base64Swar`).
library ArtRenderer {
    /// @dev Room reserved for the JSON while it is written: its longest (3,993 bytes) plus the
    ///      31 bytes a final 32-byte store may run over.
    uint256 private constant _MAX_JSON = 4096;
    /// @dev `<rect x='0' y='0' width='0' height='1'/>`, 40 bytes, written as bytes 0-31 over
    ///      bytes 8-39 so nothing after the rect is touched; digits at bytes 9, 15 and 25.
    bytes32 private constant _RECT_HEAD = "<rect x='0' y='0' width='0' heig";
    bytes32 private constant _RECT_TAIL = "'0' y='0' width='0' height='1'/>";
    uint256 private constant _RECT_LENGTH = 40;

    /// @dev `data:application/json;base64,` and the base64 of the metadata JSON.
    function tokenURI(uint256 id, uint256 tier, ArtCodec.Piece memory p) internal pure returns (string memory uri) {
        uint256 json;
        assembly ("memory-safe") {
            json := mload(0x40)
            mstore(0x40, add(json, _MAX_JSON))
        }
        uint256 ptr = _put(json, '{"name":"Pix #', 14);
        ptr = _writeNumber(ptr, id);
        ptr = _put(ptr, '","description":"Pixlings Pix #', 31);
        ptr = _writeNumber(ptr, id);
        ptr = _put(ptr, ', 9x9 pixels stored on-chain.","', 32);
        ptr = _put(ptr, 'image":"data:image/svg+xml;utf8,', 32);
        ptr = _writeSvg(ptr, p);
        ptr = _put(ptr, '","attributes":[{"trait_type":"T', 32);
        ptr = _put(ptr, 'ier","value":"', 14);
        ptr = _writeTierName(ptr, tier);
        ptr = _put(ptr, '"},{"trait_type":"Colors","value', 32);
        ptr = _put(ptr, '":', 2);
        ptr = _writeNumber(ptr, _popCount(p.used));
        ptr = _put(ptr, '},{"trait_type":"Symmetry","valu', 32);
        ptr = _put(ptr, 'e":"', 4);
        ptr = _writeSymmetryName(ptr, p.symmetry);
        ptr = _put(ptr, '"}]}', 4);
        uri = _base64DataUri(json, ptr);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                             SVG                            */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function _writeSvg(uint256 ptr, ArtCodec.Piece memory p) private pure returns (uint256) {
        uint256 svg = ptr;
        ptr = _put(ptr, "<svg xmlns='http://www.w3.org/20", 32);
        ptr = _put(ptr, "00/svg' viewBox='0 0 9 9' shape-", 32);
        ptr = _put(ptr, "rendering='crispEdges'><rect wid", 32);
        ptr = _put(ptr, "th='9' height='9' fill='%23", 27);
        ptr = _writeHex(ptr, p.rgb[0]);
        // Lay the groups out first (a group's size is known from its run count), remembering
        // where each colour's rects go (from the SVG's start, 16 bits a colour); then write every
        // rect in one pass.
        uint256 runs = _runCounts(p.pixels);
        uint256 rectAt;
        bool open;
        for (uint256 v = 1; v < p.colors; ++v) {
            uint256 n = (runs >> (v << 3)) & 0xff;
            if (n == 0) continue;
            ptr = open ? _put(ptr, "</g><g fill='%23", 16) : _put(ptr, "'/><g fill='%23", 15);
            ptr = _writeHex(ptr, p.rgb[v]);
            ptr = _put(ptr, "'>", 2);
            rectAt |= (ptr - svg) << (v << 4);
            ptr += n * _RECT_LENGTH;
            open = true;
        }
        _writeRects(p.pixels, svg, rectAt);
        return open ? _put(ptr, "</g></svg>", 10) : _put(ptr, "'/></svg>", 9);
    }

    /// @dev How many horizontal runs each palette index has, 8 bits an index (81 at most).
    function _runCounts(bytes memory pixels) private pure returns (uint256 counts) {
        assembly ("memory-safe") {
            let px := add(pixels, 0x20)
            for { let row := 0 } lt(row, 81) { row := add(row, 9) } {
                let w := mload(add(px, row))
                let previous := 0x100
                for { let x := 0 } lt(x, 9) { x := add(x, 1) } {
                    let v := byte(x, w)
                    counts := add(counts, shl(shl(3, v), iszero(eq(v, previous))))
                    previous := v
                }
            }
        }
    }

    /// @dev Writes each run of a colour other than 0 at `svg` plus `rectAt`'s offset for its
    ///      colour (16 bits a colour), which then moves on by one rect.
    function _writeRects(bytes memory pixels, uint256 svg, uint256 rectAt) private pure {
        assembly ("memory-safe") {
            let px := add(pixels, 0x20)
            for { let y := 0 } lt(y, 9) { y := add(y, 1) } {
                let w := mload(add(px, mul(y, 9)))
                let yDigit := shl(128, y)
                for { let x := 0 } lt(x, 9) {} {
                    let v := byte(x, w)
                    let end := add(x, 1)
                    for {} and(lt(end, 9), eq(byte(end, w), v)) {} { end := add(end, 1) }
                    if v {
                        let lane := shl(4, v)
                        let at := add(svg, and(shr(lane, rectAt), 0xffff))
                        mstore(add(at, 8), _RECT_TAIL)
                        mstore(at, add(_RECT_HEAD, add(yDigit, add(shl(176, x), shl(48, sub(end, x))))))
                        rectAt := add(rectAt, shl(lane, _RECT_LENGTH))
                    }
                    x := end
                }
            }
        }
    }

    /// @dev Six lowercase hex digits of a 24-bit colour.
    function _writeHex(uint256 ptr, uint256 rgb) private pure returns (uint256) {
        assembly ("memory-safe") {
            let nibbles := or(
                or(shl(40, shr(20, rgb)), shl(32, and(shr(16, rgb), 15))),
                or(or(shl(24, and(shr(12, rgb), 15)), shl(16, and(shr(8, rgb), 15))), or(shl(8, and(shr(4, rgb), 15)), and(rgb, 15)))
            )
            // "0"-"9", and 39 more for "a"-"f" (lanes of 10 and up: + 0x76 sets bit 7).
            let letters := and(shr(7, add(nibbles, 0x767676767676)), 0x010101010101)
            mstore(ptr, shl(208, add(add(nibbles, 0x303030303030), mul(39, letters))))
        }
        return ptr + 6;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        JSON AND TEXT                       */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Puts the data URI after the JSON (which ends at `end`, a zero word in between for
    ///      the encoder) and moves the free memory pointer past it.
    function _base64DataUri(uint256 json, uint256 end) private pure returns (string memory uri) {
        uint256 out;
        assembly ("memory-safe") {
            mstore(end, 0)
            uri := and(add(end, 63), not(31))
            out := add(uri, 0x20)
            mstore(out, "data:application/json;base64,")
        }
        uint256 written = 29 + Base64Swar.encode(json, end - json, out + 29);
        assembly ("memory-safe") {
            mstore(uri, written)
            mstore(0x40, and(add(add(out, written), 63), not(31)))
        }
    }

    /// @dev Decimal digits of `n` (at most 9999 here).
    function _writeNumber(uint256 ptr, uint256 n) private pure returns (uint256 end) {
        uint256 digits = n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : 4;
        end = ptr + digits;
        assembly ("memory-safe") {
            for { let at := sub(end, 1) } 1 { at := sub(at, 1) } {
                mstore8(at, add(48, mod(n, 10)))
                n := div(n, 10)
                if eq(at, ptr) { break }
            }
        }
    }

    function _writeTierName(uint256 ptr, uint256 tier) private pure returns (uint256) {
        if (tier == 1) return _put(ptr, "Common", 6);
        if (tier == 2) return _put(ptr, "Rare", 4);
        return _put(ptr, "Artist", 6);
    }

    function _writeSymmetryName(uint256 ptr, uint256 symmetry) private pure returns (uint256) {
        if (symmetry == 0) return _put(ptr, "None", 4);
        if (symmetry == 1) return _put(ptr, "Vertical", 8);
        if (symmetry == 2) return _put(ptr, "Horizontal", 10);
        if (symmetry == 3) return _put(ptr, "Both", 4);
        if (symmetry == 4) return _put(ptr, "Diagonal", 8);
        return _put(ptr, "Rotational", 10);
    }

    /// @dev Writes the first `n` bytes of `text` at `ptr` (and garbage up to 32, which the next
    ///      write covers).
    function _put(uint256 ptr, bytes32 text, uint256 n) private pure returns (uint256) {
        assembly ("memory-safe") {
            mstore(ptr, text)
        }
        return ptr + n;
    }

    function _popCount(uint256 x) private pure returns (uint256 n) {
        for (; x != 0; x &= x - 1) ++n;
    }
}
