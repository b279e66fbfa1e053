// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Base64 (RFC 4648, with padding) 24 input bytes at a time: the bytes are spread into
///         32 byte-lanes of 6 bits and mapped to characters with word-wide arithmetic (SWAR,
///         "SIMD within a register"), one 32-character store a step. About 8 gas an input byte,
///         where a table lookup per character costs about 40: tokenURI encodes ~4 kB of JSON.
library Base64Swar {
    /// @dev Byte masks (byte 0 = most significant) of the groups of three bytes that move right
    ///      by 4, 2 and 1 bytes, so that group `j` ends up in bytes `4j+1..4j+3`.
    uint256 private constant _MOVE_4 = 0x00000000000000000000000000ffffffffffffffffffffffff00000000000000;
    uint256 private constant _MOVE_2 = 0x00000000000000ffffffffffff00000000000000000000ffffffffffff000000;
    uint256 private constant _MOVE_1 = 0x00000000ffffff0000000000ffffff0000000000ffffff0000000000ffffff00;
    /// @dev Six-bit fields of every 4-byte lane, by the lane byte they land in.
    uint256 private constant _SEXTET_0 = 0x3f0000003f0000003f0000003f0000003f0000003f0000003f0000003f000000;
    uint256 private constant _SEXTET_1 = 0x003f0000003f0000003f0000003f0000003f0000003f0000003f0000003f0000;
    uint256 private constant _SEXTET_2 = 0x00003f0000003f0000003f0000003f0000003f0000003f0000003f0000003f00;
    uint256 private constant _SEXTET_3 = 0x0000003f0000003f0000003f0000003f0000003f0000003f0000003f0000003f;
    uint256 private constant _ONES = 0x0101010101010101010101010101010101010101010101010101010101010101;
    /// @dev `v + (128 - k)` sets bit 7 of a lane exactly when `v >= k` (v < 64: no carry out).
    uint256 private constant _AT_LEAST_26 = 0x6666666666666666666666666666666666666666666666666666666666666666;
    uint256 private constant _AT_LEAST_52 = 0x4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c;
    uint256 private constant _AT_LEAST_62 = 0x4242424242424242424242424242424242424242424242424242424242424242;
    uint256 private constant _AT_LEAST_63 = 0x4141414141414141414141414141414141414141414141414141414141414141;
    /// @dev "A" in every lane.
    uint256 private constant _LETTER_A = 0x4141414141414141414141414141414141414141414141414141414141414141;

    /// @dev Writes the base64 of the `length` bytes at memory `src` to memory `dst` and returns
    ///      how many characters that is (4 per started 3 bytes). The 32 bytes after the input must
    ///      be zero (the last group's missing bits), and up to 31 bytes after the output may be
    ///      overwritten: the caller keeps both outside anything it still needs.
    function encode(uint256 src, uint256 length, uint256 dst) internal pure returns (uint256 written) {
        assembly ("memory-safe") {
            let out := dst
            for { let i := 0 } lt(i, length) {
                i := add(i, 24)
                out := add(out, 32)
            } {
                // The next 24 bytes, one byte right: group j of 3 bytes at bytes 3j+1..3j+3.
                let x := shl(56, shr(64, mload(add(src, i))))
                x := or(and(x, not(_MOVE_4)), shr(32, and(x, _MOVE_4)))
                x := or(and(x, not(_MOVE_2)), shr(16, and(x, _MOVE_2)))
                x := or(and(x, not(_MOVE_1)), shr(8, and(x, _MOVE_1)))
                // Each 4-byte lane [0, a, b, c] becomes its four sextets, one a byte.
                let v := or(
                    or(and(shl(6, x), _SEXTET_0), and(shl(4, x), _SEXTET_1)),
                    or(and(shl(2, x), _SEXTET_2), and(x, _SEXTET_3))
                )
                // 0-25 "A"-"Z", 26-51 "a"-"z", 52-61 "0"-"9", 62 "+", 63 "/".
                let c := add(
                    add(v, _LETTER_A),
                    add(
                        mul(6, and(shr(7, add(v, _AT_LEAST_26)), _ONES)),
                        mul(3, and(shr(7, add(v, _AT_LEAST_63)), _ONES))
                    )
                )
                c := sub(
                    c,
                    add(
                        mul(75, and(shr(7, add(v, _AT_LEAST_52)), _ONES)),
                        mul(15, and(shr(7, add(v, _AT_LEAST_62)), _ONES))
                    )
                )
                mstore(out, c)
            }
            written := shl(2, div(add(length, 2), 3))
            // "=" for each byte missing from the last group.
            if mod(length, 3) {
                mstore8(add(dst, sub(written, 1)), 0x3d)
                if eq(mod(length, 3), 1) { mstore8(add(dst, sub(written, 2)), 0x3d) }
            }
        }
    }
}
