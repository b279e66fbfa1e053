// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Base64} from "solady/src/utils/Base64.sol";
import {LibString} from "solady/src/utils/LibString.sol";
import {ArtCodec} from "./ArtCodec.sol";

/// @notice Renders a decoded piece as an SVG and the token's metadata JSON, both on-chain.
/// @dev The SVG paints colour 0 (the most used) as one 9x9 rect, then one rect per horizontal run
///      of another colour; `shared/src/art/svg.ts` renders the same markup off-chain.
library ArtRenderer {
    bytes private constant _SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9" '
        'shape-rendering="crispEdges"><rect width="9" height="9" fill="#';
    /// @dev One run; it first closes the previous fill. Digits go at the offsets below.
    bytes private constant _RUN = '"/><rect x="0" y="0" width="0" height="1" fill="#';
    uint256 private constant _RUN_X = 12;
    uint256 private constant _RUN_Y = 18;
    uint256 private constant _RUN_WIDTH = 28;

    function svg(ArtCodec.Piece memory p) internal pure returns (bytes memory out) {
        uint256[16] memory hexes;
        for (uint256 c; c < p.colors; ++c) hexes[c] = _hex6(p.rgb[c]);
        bytes memory head = _SVG_HEAD;
        bytes memory run = _RUN;
        out = new bytes(head.length + 6 + 81 * (run.length + 6) + 9 + 32);
        uint256 ptr;
        assembly ("memory-safe") {
            ptr := add(out, 0x20)
        }
        ptr = _copy(ptr, head);
        ptr = _write(ptr, hexes[0], 6);
        bytes memory pixels = p.pixels;
        for (uint256 y; y < 9; ++y) {
            uint256 x;
            while (x < 9) {
                uint256 v = uint8(pixels[y * 9 + x]);
                uint256 end = x + 1;
                while (end < 9 && uint8(pixels[y * 9 + end]) == v) ++end;
                if (v != 0) {
                    uint256 start = ptr;
                    ptr = _copy(ptr, run);
                    _digit(start + _RUN_X, x);
                    _digit(start + _RUN_Y, y);
                    _digit(start + _RUN_WIDTH, end - x);
                    ptr = _write(ptr, hexes[v], 6);
                }
                x = end;
            }
        }
        ptr = _write(ptr, bytes32('"/></svg>'), 9);
        assembly ("memory-safe") {
            mstore(out, sub(sub(ptr, out), 0x20))
        }
    }

    function tokenURI(uint256 id, uint256 tier, ArtCodec.Piece memory p) internal pure returns (string memory) {
        bytes memory json = abi.encodePacked(
            '{"name":"Pix #',
            LibString.toString(id),
            '","description":"Pixlings Pix #',
            LibString.toString(id),
            ': 9x9 pixels, stored on-chain.","image":"data:image/svg+xml;base64,',
            Base64.encode(svg(p)),
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

    /// @dev Six lowercase hex digits of a 24-bit colour, left-aligned in a word.
    function _hex6(uint256 rgb) private pure returns (uint256 packed) {
        for (uint256 i; i < 6; ++i) {
            uint256 nibble = (rgb >> (20 - i * 4)) & 15;
            packed |= (nibble < 10 ? 48 + nibble : 87 + nibble) << (248 - i * 8);
        }
    }

    function _copy(uint256 ptr, bytes memory src) private pure returns (uint256) {
        uint256 n = src.length;
        for (uint256 i; i < n; i += 32) {
            assembly ("memory-safe") {
                mstore(add(ptr, i), mload(add(add(src, 0x20), i)))
            }
        }
        return ptr + n;
    }

    function _write(uint256 ptr, bytes32 word, uint256 n) private pure returns (uint256) {
        assembly ("memory-safe") {
            mstore(ptr, word)
        }
        return ptr + n;
    }

    function _write(uint256 ptr, uint256 word, uint256 n) private pure returns (uint256) {
        return _write(ptr, bytes32(word), n);
    }

    function _digit(uint256 ptr, uint256 d) private pure {
        assembly ("memory-safe") {
            mstore8(ptr, add(48, d))
        }
    }
}
