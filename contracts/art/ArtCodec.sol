// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Reads the compact art blobs written by `shared/src/art/codec.ts`.
/// @dev blob  = [P palette size 1..255] [P x RGB] piece*
///      piece = [symmetry << 4 | colours - 1] [colours x blob palette index] [stored cells, MSB first]
///      The symmetry (0 none, 1 vertical, 2 horizontal, 3 both, 4 diagonal, 5 rotational) decides
///      which cells are stored; every other cell repeats its mirror image. Hot loops are assembly:
///      buyers and the art upload pay for them.
library ArtCodec {
    error InvalidArt();

    /// @dev A decoded piece: colours as 24-bit RGB, 81 palette indices row-major, and the
    ///      bitmask of the indices in use.
    struct Piece {
        uint256 symmetry;
        uint256 colors;
        uint256[16] rgb;
        bytes pixels;
        uint256 used;
    }

    /// @dev Stored cells per symmetry: byte `s` of the word (81, 45, 45, 25, 45, 41).
    uint256 private constant _CELLS = 0x512d2d192d29 << 208;
    /// @dev Bits per pixel for `colours - 1`: byte `colours - 1` of the word.
    uint256 private constant _BITS = 0x00010202030303030404040404040404 << 128;

    /// @dev Length in bytes of a piece with this header (header byte included); 0 if invalid.
    function pieceLength(uint256 header) internal pure returns (uint256 len) {
        assembly ("memory-safe") {
            let s := shr(4, header)
            let colors := add(and(header, 15), 1)
            len := add(add(1, colors), shr(3, add(mul(byte(s, _CELLS), byte(sub(colors, 1), _BITS)), 7)))
            if gt(s, 5) { len := 0 }
        }
    }

    /// @dev Checks that `pieces` pieces fill `blob` exactly after its palette, and that their
    ///      colours exist in the palette. Pixel values are checked when decoded.
    function checkLayout(bytes calldata blob, uint256 pieces) internal pure {
        bool bad;
        assembly ("memory-safe") {
            let end := add(blob.offset, blob.length)
            let paletteSize := byte(0, calldataload(blob.offset))
            let at := add(add(blob.offset, 1), mul(paletteSize, 3))
            bad := or(or(iszero(blob.length), iszero(paletteSize)), gt(at, end))
            for { let i := 0 } and(lt(i, pieces), iszero(bad)) { i := add(i, 1) } {
                let w := calldataload(at)
                let header := byte(0, w)
                let s := shr(4, header)
                let colors := add(and(header, 15), 1)
                for { let c := 1 } iszero(gt(c, colors)) { c := add(c, 1) } {
                    bad := or(bad, iszero(lt(byte(c, w), paletteSize)))
                }
                bad := or(or(bad, gt(s, 5)), iszero(lt(at, end)))
                at := add(at, add(add(1, colors), shr(3, add(mul(byte(s, _CELLS), byte(sub(colors, 1), _BITS)), 7))))
            }
            bad := or(bad, iszero(eq(at, end)))
        }
        if (bad) revert InvalidArt();
    }

    /// @dev Byte offset in `blob` of the piece after skipping `skip` pieces.
    function locate(bytes memory blob, uint256 skip) internal pure returns (uint256 at) {
        assembly ("memory-safe") {
            let data := add(blob, 0x20)
            at := add(1, mul(byte(0, mload(data)), 3))
            for { let i := 0 } lt(i, skip) { i := add(i, 1) } {
                let header := byte(0, mload(add(data, at)))
                let colors := add(and(header, 15), 1)
                let cells := byte(shr(4, header), _CELLS)
                at := add(at, add(add(1, colors), shr(3, add(mul(cells, byte(sub(colors, 1), _BITS)), 7))))
            }
        }
        if (at >= blob.length) revert InvalidArt();
    }

    function decode(bytes memory blob, uint256 at) internal pure returns (Piece memory p) {
        uint256 header = uint8(blob[at]);
        uint256 len = pieceLength(header);
        if (len == 0 || at + len > blob.length) revert InvalidArt();
        p.symmetry = header >> 4;
        p.colors = (header & 15) + 1;
        uint256 paletteSize = uint8(blob[0]);
        for (uint256 c; c < p.colors; ++c) {
            uint256 ref = uint8(blob[at + 1 + c]);
            if (ref >= paletteSize) revert InvalidArt();
            p.rgb[c] = (uint256(uint8(blob[1 + ref * 3])) << 16) | (uint256(uint8(blob[2 + ref * 3])) << 8)
                | uint8(blob[3 + ref * 3]);
        }
        p.pixels = new bytes(81);
        (p.used) = _decodeCells(blob, at + 1 + p.colors, p.symmetry, p.colors, p.pixels);
        if (p.used >> p.colors != 0) revert InvalidArt();
    }

    /// @dev Writes the 81 palette indices into `pixels`; returns the bitmask of indices seen.
    function _decodeCells(bytes memory blob, uint256 start, uint256 s, uint256 colors, bytes memory pixels)
        private
        pure
        returns (uint256 used)
    {
        assembly ("memory-safe") {
            let data := add(blob, 0x20)
            let base := shl(3, start)
            let bits := byte(sub(colors, 1), _BITS)
            let mask := sub(shl(bits, 1), 1)
            let out := add(pixels, 0x20)
            for { let r := 0 } lt(r, 9) { r := add(r, 1) } {
                // fold(i) = min(i, 8 - i)
                let fr := sub(r, mul(gt(r, 4), sub(shl(1, r), 8)))
                for { let c := 0 } lt(c, 9) { c := add(c, 1) } {
                    let cell := add(mul(r, 9), c)
                    let fc := sub(c, mul(gt(c, 4), sub(shl(1, c), 8)))
                    let j := cell
                    switch s
                    case 1 { j := add(mul(r, 5), fc) }
                    case 2 { j := add(mul(fr, 9), c) }
                    case 3 { j := add(mul(fr, 5), fc) }
                    case 4 {
                        let lo := r
                        let hi := c
                        if gt(r, c) {
                            lo := c
                            hi := r
                        }
                        j := add(shr(1, mul(lo, sub(19, lo))), sub(hi, lo))
                    }
                    case 5 { if gt(cell, 40) { j := sub(80, cell) } }
                    let pos := add(base, mul(j, bits))
                    let w := shr(240, mload(add(data, shr(3, pos))))
                    let v := and(shr(sub(16, add(and(pos, 7), bits)), w), mask)
                    mstore8(add(out, cell), v)
                    used := or(used, shl(v, 1))
                }
            }
        }
    }
}
