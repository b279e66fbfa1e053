// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Base64} from "solady/src/utils/Base64.sol";
import {LibString} from "solady/src/utils/LibString.sol";
import {ArtCodec} from "./ArtCodec.sol";

/// @notice Renders a decoded piece as an SVG and the token's metadata JSON, both on-chain.
/// @dev The SVG paints colour 0 (the most used) as one 9x9 rect, then per other colour a group
///      with one rect per horizontal run; `shared/src/art/svg.ts` renders the same markup.
///      The SVG sits in the JSON as a UTF-8 data URI (single quotes, `#` written `%23`), not
///      base64: base64 costs ~50 gas a byte on-chain and the JSON is base64-encoded anyway.
library ArtRenderer {
    bytes private constant _HEAD = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 9 9' "
        "shape-rendering='crispEdges'><rect width='9' height='9' fill='%23";
    /// @dev `<rect x='0' y='0' width='0' height='1'/>`: 40 bytes, digits at 9, 15 and 25.
    bytes32 private constant _RECT_A = "<rect x='0' y='0' width='0' heig";
    bytes32 private constant _RECT_B = "ht='1'/>";
    /// @dev Closes the background rect or the previous group, then opens a group.
    bytes32 private constant _FIRST_GROUP = "'/><g fill='%23";
    bytes32 private constant _NEXT_GROUP = "</g><g fill='%23";
    bytes32 private constant _GROUP_CLOSE = "'>";

    function svg(ArtCodec.Piece memory p) internal pure returns (bytes memory out) {
        bytes memory head = _HEAD;
        out = new bytes(4096);
        uint256 ptr;
        assembly ("memory-safe") {
            ptr := add(out, 0x20)
            for { let i := 0 } lt(i, mload(head)) { i := add(i, 0x20) } {
                mstore(add(ptr, i), mload(add(add(head, 0x20), i)))
            }
            ptr := add(ptr, mload(head))
        }
        ptr = _writeHex(ptr, p.rgb[0]);
        bool open;
        for (uint256 v = 1; v < p.colors; ++v) {
            if (p.used & (1 << v) == 0) continue;
            ptr = open ? _write(ptr, _NEXT_GROUP, 16) : _write(ptr, _FIRST_GROUP, 15);
            ptr = _writeHex(ptr, p.rgb[v]);
            ptr = _write(ptr, _GROUP_CLOSE, 2);
            ptr = _writeRuns(ptr, p.pixels, v);
            open = true;
        }
        ptr = open ? _write(ptr, "</g></svg>", 10) : _write(ptr, "'/></svg>", 9);
        assembly ("memory-safe") {
            mstore(out, sub(ptr, add(out, 0x20)))
        }
    }

    function tokenURI(uint256 id, uint256 tier, ArtCodec.Piece memory p) internal pure returns (string memory) {
        string memory number = LibString.toString(id);
        bytes memory json = abi.encodePacked(
            '{"name":"Pix #',
            number,
            '","description":"Pixlings Pix #',
            number,
            ', 9x9 pixels stored on-chain.","image":"data:image/svg+xml;utf8,',
            svg(p),
            '","attributes":[{"trait_type":"Tier","value":"',
            _tierName(tier),
            '"},{"trait_type":"Colors","value":',
            LibString.toString(_popCount(p.used)),
            '},{"trait_type":"Symmetry","value":"',
            _symmetryName(p.symmetry),
            '"}]}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(json));
    }

    /// @dev One rect per horizontal run of colour `v`.
    function _writeRuns(uint256 ptr, bytes memory pixels, uint256 v) private pure returns (uint256 end) {
        assembly ("memory-safe") {
            let px := add(pixels, 0x20)
            end := ptr
            for { let y := 0 } lt(y, 9) { y := add(y, 1) } {
                let row := add(px, mul(y, 9))
                let x := 0
                for {} lt(x, 9) {} {
                    if iszero(eq(byte(0, mload(add(row, x))), v)) {
                        x := add(x, 1)
                        continue
                    }
                    let runEnd := add(x, 1)
                    for {} and(lt(runEnd, 9), eq(byte(0, mload(add(row, runEnd))), v)) {} { runEnd := add(runEnd, 1) }
                    mstore(end, _RECT_A)
                    mstore(add(end, 32), _RECT_B)
                    mstore8(add(end, 9), add(48, x))
                    mstore8(add(end, 15), add(48, y))
                    mstore8(add(end, 25), add(48, sub(runEnd, x)))
                    end := add(end, 40)
                    x := runEnd
                }
            }
        }
    }

    function _writeHex(uint256 ptr, uint256 rgb) private pure returns (uint256) {
        assembly ("memory-safe") {
            let word := 0
            for { let i := 0 } lt(i, 6) { i := add(i, 1) } {
                let n := and(shr(sub(20, shl(2, i)), rgb), 15)
                word := or(word, shl(sub(248, shl(3, i)), add(add(48, n), mul(gt(n, 9), 39))))
            }
            mstore(ptr, word)
        }
        return ptr + 6;
    }

    function _write(uint256 ptr, bytes32 word, uint256 n) private pure returns (uint256) {
        assembly ("memory-safe") {
            mstore(ptr, word)
        }
        return ptr + n;
    }

    function _tierName(uint256 tier) private pure returns (string memory) {
        if (tier == 1) return "Common";
        if (tier == 2) return "Rare";
        return "Artist";
    }

    function _symmetryName(uint256 symmetry) private pure returns (string memory) {
        if (symmetry == 0) return "None";
        if (symmetry == 1) return "Vertical";
        if (symmetry == 2) return "Horizontal";
        if (symmetry == 3) return "Both";
        if (symmetry == 4) return "Diagonal";
        return "Rotational";
    }

    function _popCount(uint256 x) private pure returns (uint256 n) {
        for (; x != 0; x &= x - 1) ++n;
    }
}
