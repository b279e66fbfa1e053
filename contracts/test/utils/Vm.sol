// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The few cheatcodes these tests use (forge-std is not installable here).
interface Vm {
    function addr(uint256 privateKey) external pure returns (address);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function prank(address sender) external;
    function startPrank(address sender) external;
    function stopPrank() external;
    function deal(address who, uint256 amount) external;
    function warp(uint256 timestamp) external;
    function chainId(uint256 newChainId) external;
    function assume(bool condition) external;
    function expectRevert(bytes calldata revertData) external;
    function expectRevert(bytes4 selector) external;
    function expectRevert() external;
    function label(address who, string calldata name) external;
    function expectEmit(bool topic1, bool topic2, bool topic3, bool data, address emitter) external;
    function store(address target, bytes32 slot, bytes32 value) external;
    function load(address target, bytes32 slot) external view returns (bytes32);
}

Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
