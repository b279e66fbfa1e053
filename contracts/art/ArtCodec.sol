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

    /// @dev Byte offset in `blob` of the piece after skipping `skip` pieces. For blobs that
    ///      passed `checkLayout` (the stored ones): headers are looked up in a table of piece
    ///      lengths, one byte per header (`pieceLength` of 0x00..0x5f; 0xff past them).
    function locate(bytes memory blob, uint256 skip) internal pure returns (uint256 at) {
        assembly ("memory-safe") {
            let lengths := mload(0x40)
            mstore(lengths, 0x020e191a25262728333435363738393a020910111718191a2122232425262728)
            mstore(add(lengths, 0x20), 0x020910111718191a212223242526272802070b0c101112131718191a1b1c1d1e)
            mstore(add(lengths, 0x40), 0x020910111718191a212223242526272802090f10161718191f20212223242526)
            for { let o := 0x60 } lt(o, 0x120) { o := add(o, 0x20) } { mstore(add(lengths, o), not(0)) }
            let data := add(blob, 0x20)
            at := add(1, mul(byte(0, mload(data)), 3))
            for { let i := 0 } lt(i, skip) { i := add(i, 1) } {
                at := add(at, byte(0, mload(add(lengths, byte(0, mload(add(data, at)))))))
            }
        }
        if (at >= blob.length) revert InvalidArt();
    }

    function decode(bytes memory blob, uint256 at) internal pure returns (Piece memory p) {
        uint256 header = uint8(blob[at]);
        uint256 len = pieceLength(header);
        if (len == 0 || at + len > blob.length) revert InvalidArt();
        uint256 colors = (header & 15) + 1;
        p.symmetry = header >> 4;
        p.colors = colors;
        uint256[16] memory rgb = p.rgb;
        bool bad;
        assembly ("memory-safe") {
            let data := add(blob, 0x20)
            let paletteSize := byte(0, mload(data))
            for { let c := 0 } lt(c, colors) { c := add(c, 1) } {
                let ref := byte(0, mload(add(data, add(add(at, 1), c))))
                bad := or(bad, iszero(lt(ref, paletteSize)))
                mstore(add(rgb, shl(5, c)), shr(232, mload(add(data, add(1, mul(ref, 3))))))
            }
        }
        if (bad) revert InvalidArt();
        p.pixels = new bytes(81);
        p.used = _decodeCells(blob, at + 1 + colors, p.symmetry, colors, p.pixels);
        if (p.used >> colors != 0) revert InvalidArt();
    }

    /// @dev Writes the 81 palette indices into `pixels`; returns the bitmask of indices seen.
    ///      `pixels` first holds the symmetry's cell table (which stored cell each cell repeats),
    ///      and each entry is replaced by the value it points to.
    function _decodeCells(bytes memory blob, uint256 start, uint256 s, uint256 colors, bytes memory pixels)
        private
        pure
        returns (uint256 used)
    {
        (uint256 cells0, uint256 cells1, uint256 cells2) = _cellTable(s);
        assembly ("memory-safe") {
            let out := add(pixels, 0x20)
            // 96 bytes: `new bytes(81)` reserves whole words.
            mstore(out, cells0)
            mstore(add(out, 0x20), cells1)
            mstore(add(out, 0x40), cells2)
            let data := add(blob, 0x20)
            let base := shl(3, start)
            let bits := byte(sub(colors, 1), _BITS)
            let mask := sub(shl(bits, 1), 1)
            let shiftBase := sub(16, bits)
            for { let cell := 0 } lt(cell, 81) { cell := add(cell, 1) } {
                let pos := add(base, mul(byte(0, mload(add(out, cell))), bits))
                let v := and(shr(sub(shiftBase, and(pos, 7)), shr(240, mload(add(data, shr(3, pos))))), mask)
                mstore8(add(out, cell), v)
                used := or(used, shl(v, 1))
            }
        }
    }

    /// @dev For each of the 81 cells (row-major, one byte a cell, in three words) the position
    ///      among the stored cells of the cell it repeats under symmetry `s` (as
    ///      `DOMAINS[mode].indexOf` in `shared/src/art/symmetry.ts`).
    function _cellTable(uint256 s) private pure returns (uint256, uint256, uint256) {
        if (s == 0) {
            return (
                0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f,
                0x202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f,
                0x404142434445464748494a4b4c4d4e4f50000000000000000000000000000000
            );
        }
        if (s == 1) {
            return (
                0x0001020304030201000506070809080706050a0b0c0d0e0d0c0b0a0f10111213,
                0x1211100f141516171817161514191a1b1c1d1c1b1a191e1f20212221201f1e23,
                0x242526272625242328292a2b2c2b2a2928000000000000000000000000000000
            );
        }
        if (s == 2) {
            return (
                0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f,
                0x202122232425262728292a2b2c1b1c1d1e1f2021222312131415161718191a09,
                0x0a0b0c0d0e0f1011000102030405060708000000000000000000000000000000
            );
        }
        if (s == 3) {
            return (
                0x0001020304030201000506070809080706050a0b0c0d0e0d0c0b0a0f10111213,
                0x1211100f1415161718171615140f101112131211100f0a0b0c0d0e0d0c0b0a05,
                0x0607080908070605000102030403020100000000000000000000000000000000
            );
        }
        if (s == 4) {
            return (
                0x00010203040506070801090a0b0c0d0e0f10020a11121314151617030b121819,
                0x1a1b1c1d040c13191e1f202122050d141a1f23242526060e151b202427282907,
                0x0f161c2125282a2b0810171d2226292b2c000000000000000000000000000000
            );
        }
        return (
            0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f,
            0x20212223242526272827262524232221201f1e1d1c1b1a191817161514131211,
            0x100f0e0d0c0b0a09080706050403020100000000000000000000000000000000
        );
    }
}
