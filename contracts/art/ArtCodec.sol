// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Reads the compact art blobs written by `shared/src/art/codec.ts`.
/// @dev blob  = [P palette size 1..255] [P x RGB] piece*
///      piece = [symmetry << 4 | colours - 1] [colours x blob palette index] [stored cells, MSB first]
///      The symmetry (0 none, 1 vertical, 2 horizontal, 3 both, 4 diagonal, 5 rotational) decides
///      which cells are stored; every other cell repeats its mirror image.
library ArtCodec {
    error InvalidArt();

    /// @dev A decoded piece: colours as 24-bit RGB, 81 palette indices row-major, the bitmask of
    ///      the indices in use.
    struct Piece {
        uint256 symmetry;
        uint256 colors;
        uint256[16] rgb;
        bytes pixels;
        uint256 used;
    }

    uint256 internal constant MAX_SYMMETRY = 5;
    /// @dev Stored cells per symmetry, one byte each, symmetry 0 first.
    uint256 private constant _CELLS = 0x512d2d192d29;

    function bitsPerPixel(uint256 colors) internal pure returns (uint256) {
        if (colors <= 1) return 0;
        if (colors <= 2) return 1;
        if (colors <= 4) return 2;
        if (colors <= 8) return 3;
        return 4;
    }

    /// @dev Length in bytes of a piece with this header (header byte included).
    function pieceLength(uint256 header) internal pure returns (uint256) {
        uint256 symmetry = header >> 4;
        if (symmetry > MAX_SYMMETRY) revert InvalidArt();
        uint256 colors = (header & 15) + 1;
        uint256 cells = (_CELLS >> ((MAX_SYMMETRY - symmetry) << 3)) & 0xff;
        return 1 + colors + (cells * bitsPerPixel(colors) + 7) / 8;
    }

    /// @dev Checks the layout of `pieces` consecutive pieces filling `blob` exactly, and that
    ///      their colours exist in the blob palette. Pixel values are checked when decoded.
    function checkLayout(bytes calldata blob, uint256 pieces) internal pure {
        if (blob.length == 0) revert InvalidArt();
        uint256 paletteSize = uint8(blob[0]);
        uint256 at = 1 + paletteSize * 3;
        if (paletteSize == 0 || at > blob.length) revert InvalidArt();
        for (uint256 i; i < pieces; ++i) {
            if (at >= blob.length) revert InvalidArt();
            uint256 header = _byteAt(blob, at);
            uint256 end = at + pieceLength(header);
            if (end > blob.length) revert InvalidArt();
            uint256 colors = (header & 15) + 1;
            for (uint256 c; c < colors; ++c) {
                if (_byteAt(blob, at + 1 + c) >= paletteSize) revert InvalidArt();
            }
            at = end;
        }
        if (at != blob.length) revert InvalidArt();
    }

    /// @dev Byte offset of the piece after skipping `skip` pieces.
    function locate(bytes memory blob, uint256 skip) internal pure returns (uint256 at) {
        at = 1 + uint256(uint8(blob[0])) * 3;
        for (uint256 i; i < skip; ++i) at += pieceLength(uint8(blob[at]));
    }

    function decode(bytes memory blob, uint256 at) internal pure returns (Piece memory p) {
        uint256 header = uint8(blob[at]);
        if (at + pieceLength(header) > blob.length) revert InvalidArt();
        p.symmetry = header >> 4;
        p.colors = (header & 15) + 1;
        uint256 paletteSize = uint8(blob[0]);
        for (uint256 c; c < p.colors; ++c) {
            uint256 ref = uint8(blob[at + 1 + c]);
            if (ref >= paletteSize) revert InvalidArt();
            p.rgb[c] = _rgbAt(blob, 1 + ref * 3);
        }
        p.pixels = new bytes(81);
        uint256 bits = bitsPerPixel(p.colors);
        uint256 base = (at + 1 + p.colors) << 3;
        for (uint256 cell; cell < 81; ++cell) {
            uint256 v = bits == 0 ? 0 : _bitsAt(blob, base + storedIndex(p.symmetry, cell) * bits, bits);
            if (v >= p.colors) revert InvalidArt();
            p.pixels[cell] = bytes1(uint8(v));
            p.used |= 1 << v;
        }
    }

    /// @dev Position among the stored cells of the cell whose colour `cell` repeats.
    function storedIndex(uint256 symmetry, uint256 cell) internal pure returns (uint256) {
        uint256 r = cell / 9;
        uint256 c = cell % 9;
        if (symmetry == 0) return cell;
        if (symmetry == 1) return r * 5 + _fold(c);
        if (symmetry == 2) return _fold(r) * 9 + c;
        if (symmetry == 3) return _fold(r) * 5 + _fold(c);
        if (symmetry == 4) {
            if (r > c) (r, c) = (c, r);
            return (r * (19 - r)) / 2 + c - r;
        }
        return cell <= 40 ? cell : 80 - cell;
    }

    function _fold(uint256 i) private pure returns (uint256) {
        return i <= 4 ? i : 8 - i;
    }

    function _byteAt(bytes calldata blob, uint256 i) private pure returns (uint256 b) {
        assembly ("memory-safe") {
            b := byte(0, calldataload(add(blob.offset, i)))
        }
    }

    function _rgbAt(bytes memory blob, uint256 i) private pure returns (uint256 rgb) {
        assembly ("memory-safe") {
            rgb := shr(232, mload(add(add(blob, 0x20), i)))
        }
    }

    /// @dev `bits` bits (1..4) at bit offset `pos`; may read past the blob end inside memory,
    ///      which only feeds bits that are masked away.
    function _bitsAt(bytes memory blob, uint256 pos, uint256 bits) private pure returns (uint256 v) {
        assembly ("memory-safe") {
            let w := shr(240, mload(add(add(blob, 0x20), shr(3, pos))))
            v := and(shr(sub(16, add(and(pos, 7), bits)), w), sub(shl(bits, 1), 1))
        }
    }
}
