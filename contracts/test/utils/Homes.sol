// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Addresses whose holder homes collide, found the way anyone could: by trying addresses.
/// @dev The home of an address is PackedERC721's (see its storage layout): 2^20 plus the low 20
///      bits of keccak256 of the address as a word. Tests that rely on a collision also check
///      that the contract spilled (a spill index handed out), so a wrong formula here fails them.
library Homes {
    uint256 internal constant HOME_BITS = 20;

    function homeOf(address account) internal pure returns (uint256) {
        return (1 << HOME_BITS) | (uint256(keccak256(abi.encode(account))) & ((1 << HOME_BITS) - 1));
    }

    /// @dev The first two of the addresses `start`, `start + 1`, ... that share a home (the
    ///      birthday bound makes that ~1,300 tries), remembered in a 2^20-bit map in memory.
    function collidingPair(uint160 start) internal pure returns (address first, address second) {
        uint256[] memory seen = new uint256[](1 << (HOME_BITS - 8));
        for (uint160 n = start;; ++n) {
            uint256 home = homeOf(address(n)) & ((1 << HOME_BITS) - 1);
            uint256 bit = 1 << (home & 255);
            if (seen[home >> 8] & bit != 0) {
                second = address(n);
                break;
            }
            seen[home >> 8] |= bit;
        }
        for (uint160 n = start;; ++n) {
            if (homeOf(address(n)) == homeOf(second)) return (address(n), second);
        }
    }
}
