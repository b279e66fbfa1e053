// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Minimal assertions that name what differed.
abstract contract Assertions {
    error AssertionFailed(string what, uint256 got, uint256 expected);
    error AssertionFailedAddress(string what, address got, address expected);
    error AssertionFailedBool(string what);

    function assertEq(uint256 got, uint256 expected, string memory what) internal pure {
        if (got != expected) revert AssertionFailed(what, got, expected);
    }

    function assertEq(address got, address expected, string memory what) internal pure {
        if (got != expected) revert AssertionFailedAddress(what, got, expected);
    }

    function assertTrue(bool condition, string memory what) internal pure {
        if (!condition) revert AssertionFailedBool(what);
    }
}
