// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Base64Swar} from "../art/Base64Swar.sol";
import {Assertions} from "./utils/Assertions.sol";
import {Base64} from "solady/src/utils/Base64.sol";

/// @notice The word-at-a-time encoder against Solady's, byte for byte, at every length mod 24.
contract Base64SwarTest is Assertions {
    function _encode(bytes memory data) internal pure returns (string memory out) {
        // The input followed by a zero word, as the encoder requires.
        bytes memory padded = bytes.concat(data, new bytes(32));
        out = new string(4 * ((data.length + 2) / 3) + 32);
        uint256 src;
        uint256 dst;
        assembly ("memory-safe") {
            src := add(padded, 0x20)
            dst := add(out, 0x20)
        }
        uint256 written = Base64Swar.encode(src, data.length, dst);
        assembly ("memory-safe") {
            mstore(out, written)
        }
    }

    function testFuzz_MatchesSolady(bytes memory data) public pure {
        assertTrue(keccak256(bytes(_encode(data))) == keccak256(bytes(Base64.encode(data))), "same base64");
    }

    function testEveryLengthUpTo100AndEveryCharacter() public pure {
        bytes memory data = new bytes(100);
        for (uint256 i; i < 100; ++i) data[i] = bytes1(uint8(i * 37 + 11));
        for (uint256 n; n <= 100; ++n) {
            bytes memory prefix = new bytes(n);
            for (uint256 i; i < n; ++i) prefix[i] = data[i];
            assertTrue(keccak256(bytes(_encode(prefix))) == keccak256(bytes(Base64.encode(prefix))), "same base64");
        }
        // 0x00 0x10 0x83 0x10 0x51 0x87 ... : every sextet 0..63 once, so every character.
        bytes memory all = hex"00108310518720928b30d38f41149351559761969b71d79f8218a39259a7a29aabb2dbafc31cb3d35db7e39ebbf3dfbf";
        assertTrue(
            keccak256(bytes(_encode(all)))
                == keccak256("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"),
            "the alphabet"
        );
    }
}
