// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Art blobs in the layout `contracts/art/ArtCodec.sol` reads, built raw (no canonical
///         palette order): the costliest pictures for `tokenURI`, and random valid pieces.
/// @dev Why the adversarial piece is the costliest: the renderer pays a fixed amount per cell
///      (decode, run scan), per rect (one per horizontal run of a colour other than 0), per group
///      (one per such colour in use) and per byte of JSON (base64). A piece has at most 81 runs
///      and 15 groups, both reached at once only when colour 0 is unused and no two horizontal
///      neighbours match; every symmetry allows that. Larger blobs cost more to copy, so the blob
///      palette is full (255 colours); in a chunk, the last piece costs most to find.
library TestArt {
    uint256 internal constant FULL_PALETTE = 255;
    uint256 internal constant MAX_COLOURS = 16;

    /// @dev Cells stored per symmetry (none, vertical, horizontal, both, diagonal, rotational).
    function storedCells(uint256 symmetry) internal pure returns (uint256) {
        return [uint256(81), 45, 45, 25, 45, 41][symmetry];
    }

    function bitsPerPixel(uint256 colours) internal pure returns (uint256) {
        if (colours <= 1) return 0;
        uint256 bits;
        while ((1 << bits) < colours) ++bits;
        return bits;
    }

    /// @dev The cell a cell repeats under `symmetry` (as `canonicalCell` in shared/src/art/symmetry.ts).
    function canonicalCell(uint256 symmetry, uint256 cell) internal pure returns (uint256) {
        uint256 r = cell / 9;
        uint256 c = cell % 9;
        uint256 fr = r < 8 - r ? r : 8 - r;
        uint256 fc = c < 8 - c ? c : 8 - c;
        if (symmetry == 1) return r * 9 + fc;
        if (symmetry == 2) return fr * 9 + c;
        if (symmetry == 3) return fr * 9 + fc;
        if (symmetry == 4) return r <= c ? cell : c * 9 + r;
        if (symmetry == 5) return cell < 80 - cell ? cell : 80 - cell;
        return cell;
    }

    /// @dev Colour (1..15) of `cell` in the adversarial picture with `symmetry`: it repeats
    ///      along the symmetry, and horizontal neighbours always differ (their canonical cells'
    ///      keys differ by one, and 15 colours cycle).
    function worstColour(uint256 symmetry, uint256 cell) internal pure returns (uint256) {
        uint256 canonical = canonicalCell(symmetry, cell);
        uint256 r = canonical / 9;
        uint256 c = canonical % 9;
        uint256 fc = c < 8 - c ? c : 8 - c;
        uint256 key;
        if (symmetry == 0 || symmetry == 2) key = c + 2 * r;
        else if (symmetry == 1 || symmetry == 3) key = fc + 5 * r;
        else if (symmetry == 4) key = r + c;
        else key = canonical;
        return 1 + key % 15;
    }

    /// @dev The adversarial piece (header, 16 palette references, cells), referring to blob
    ///      palette entries 0..15.
    function worstPiece(uint256 symmetry) internal pure returns (bytes memory) {
        uint256[] memory values = new uint256[](storedCells(symmetry));
        uint256 j;
        for (uint256 cell; cell < 81; ++cell) {
            if (canonicalCell(symmetry, cell) == cell) values[j++] = worstColour(symmetry, cell);
        }
        return piece(symmetry, MAX_COLOURS, _identityRefs(MAX_COLOURS), values);
    }

    /// @dev A valid piece from `seed`: any symmetry, 1..16 colours, references into a palette of
    ///      `paletteSize`, random cells.
    function randomPiece(uint256 seed, uint256 paletteSize) internal pure returns (bytes memory) {
        uint256 symmetry = seed % 6;
        uint256 colours = 1 + (seed >> 8) % MAX_COLOURS;
        uint256[] memory refs = new uint256[](colours);
        for (uint256 c; c < colours; ++c) refs[c] = uint256(keccak256(abi.encode(seed, "ref", c))) % paletteSize;
        uint256[] memory values = new uint256[](storedCells(symmetry));
        for (uint256 k; k < values.length; ++k) values[k] = uint256(keccak256(abi.encode(seed, k))) % colours;
        return piece(symmetry, colours, refs, values);
    }

    /// @dev [symmetry << 4 | colours - 1] [refs] [stored cells, MSB first].
    function piece(uint256 symmetry, uint256 colours, uint256[] memory refs, uint256[] memory values)
        internal
        pure
        returns (bytes memory out)
    {
        uint256 bits = bitsPerPixel(colours);
        out = new bytes(1 + colours + (values.length * bits + 7) / 8);
        out[0] = bytes1(uint8((symmetry << 4) | (colours - 1)));
        for (uint256 c; c < colours; ++c) out[1 + c] = bytes1(uint8(refs[c]));
        for (uint256 k; k < values.length; ++k) {
            for (uint256 b; b < bits; ++b) {
                if ((values[k] >> (bits - 1 - b)) & 1 == 0) continue;
                uint256 bit = k * bits + b;
                out[1 + colours + bit / 8] |= bytes1(uint8(0x80 >> (bit % 8)));
            }
        }
    }

    /// @dev A blob: palette of `paletteSize` distinct colours, then `pieces` concatenated.
    function blob(uint256 paletteSize, bytes memory pieces) internal pure returns (bytes memory) {
        bytes memory palette = new bytes(1 + 3 * paletteSize);
        palette[0] = bytes1(uint8(paletteSize));
        for (uint256 i; i < paletteSize; ++i) {
            uint256 rgb = uint256(keccak256(abi.encode("colour", i))) & 0xffffff;
            palette[1 + 3 * i] = bytes1(uint8(rgb >> 16));
            palette[2 + 3 * i] = bytes1(uint8(rgb >> 8));
            palette[3 + 3 * i] = bytes1(uint8(rgb));
        }
        return bytes.concat(palette, pieces);
    }

    function _identityRefs(uint256 n) private pure returns (uint256[] memory refs) {
        refs = new uint256[](n);
        for (uint256 i; i < n; ++i) refs[i] = i;
    }
}
