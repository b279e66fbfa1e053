// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {PackedERC721} from "../token/PackedERC721.sol";
import {PixlingsFixture} from "./utils/PixlingsFixture.sol";
import {NotAReceiver} from "./utils/ReentrantBuyer.sol";
import {vm} from "./utils/Vm.sol";

contract TransfersTest is PixlingsFixture {
    address internal alice = address(0xA1);
    address internal bob = address(0xB2);
    address internal carol = address(0xC3);

    function setUp() public override {
        super.setUp();
        buy(alice, range(20, 3));
    }

    function testFuzz_TransferMovesOwnershipAndBalances(address to) public {
        vm.assume(to != address(0) && to != alice);
        vm.prank(alice);
        pix.transferFrom(alice, to, 21);
        assertEq(pix.ownerOf(21), to, "owner");
        assertEq(pix.balanceOf(alice), 2, "from balance");
        assertEq(pix.balanceOf(to), 1, "to balance");
        assertEq(pix.ownerOf(20), alice, "others untouched");
        assertEq(pix.ownerOf(22), alice, "others untouched");
        assertEq(pix.tierOf(21), expectedTier(21), "tier kept");
        vm.prank(to);
        pix.transferFrom(to, alice, 21);
        assertEq(pix.ownerOf(21), alice, "back");
    }

    function testSelfTransferKeepsBalance() public {
        vm.prank(alice);
        pix.transferFrom(alice, alice, 20);
        assertEq(pix.balanceOf(alice), 3, "balance");
        assertEq(pix.ownerOf(20), alice, "owner");
    }

    function testApprovalAllowsOneTransferThenClears() public {
        vm.prank(alice);
        pix.approve(bob, 20);
        assertEq(pix.getApproved(20), bob, "approved");
        vm.prank(bob);
        pix.transferFrom(alice, carol, 20);
        assertEq(pix.getApproved(20), address(0), "cleared");
        vm.prank(bob);
        vm.expectRevert(PackedERC721.NotOwnerNorApproved.selector);
        pix.transferFrom(carol, bob, 20);
    }

    /// @dev The record's approved bit is what a transfer reads: it must follow every change.
    function testApprovalEndsWhenTheOwnerMovesThePixOrClearsIt() public {
        vm.startPrank(alice);
        pix.approve(bob, 20);
        pix.approve(bob, 21);
        pix.approve(address(0), 21);
        pix.transferFrom(alice, carol, 20);
        vm.stopPrank();
        assertEq(pix.getApproved(20), address(0), "moved: approval gone");
        assertEq(pix.getApproved(21), address(0), "cleared by approving nobody");
        assertEq(pix.getApproved(22), address(0), "a neighbour in the same word never approved");
        vm.startPrank(bob);
        vm.expectRevert(PackedERC721.NotOwnerNorApproved.selector);
        pix.transferFrom(carol, bob, 20);
        vm.expectRevert(PackedERC721.NotOwnerNorApproved.selector);
        pix.transferFrom(alice, bob, 21);
        vm.expectRevert(PackedERC721.NotOwnerNorApproved.selector);
        pix.transferFrom(alice, bob, 22);
        vm.stopPrank();
        vm.prank(alice);
        pix.approve(carol, 22);
        assertEq(pix.getApproved(22), carol, "approved again");
        assertEq(pix.tierOf(22), expectedTier(22), "tier untouched by the approved bit");
        assertEq(pix.ownerOf(22), alice, "owner untouched by the approved bit");
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenNotMinted.selector, 30));
        pix.getApproved(30);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenNotMinted.selector, 30));
        pix.approve(bob, 30);
    }

    function testOperatorMayTransferAndApprove() public {
        vm.prank(alice);
        pix.setApprovalForAll(bob, true);
        assertTrue(pix.isApprovedForAll(alice, bob), "operator");
        vm.prank(bob);
        pix.approve(carol, 21);
        vm.prank(bob);
        pix.transferFrom(alice, bob, 20);
        assertEq(pix.ownerOf(20), bob, "operator moved it");
    }

    function testStrangersCannotMoveOrApprove() public {
        vm.prank(bob);
        vm.expectRevert(PackedERC721.NotOwnerNorApproved.selector);
        pix.transferFrom(alice, bob, 20);
        vm.prank(bob);
        vm.expectRevert(PackedERC721.NotOwnerNorApproved.selector);
        pix.approve(bob, 20);
    }

    function testWrongFromZeroToAndUnmintedRevert() public {
        vm.prank(alice);
        vm.expectRevert(PackedERC721.TransferFromIncorrectOwner.selector);
        pix.transferFrom(bob, carol, 20);
        vm.prank(alice);
        vm.expectRevert(PackedERC721.TransferToZeroAddress.selector);
        pix.transferFrom(alice, address(0), 20);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenNotMinted.selector, 30));
        pix.transferFrom(alice, bob, 30);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenNotMinted.selector, 30));
        pix.ownerOf(30);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenNotMinted.selector, 30));
        pix.tokenURI(30);
        vm.expectRevert(PackedERC721.BalanceQueryForZeroAddress.selector);
        pix.balanceOf(address(0));
    }

    function testSafeTransferToNonReceiverReverts() public {
        NotAReceiver sink = new NotAReceiver();
        vm.prank(alice);
        vm.expectRevert(PackedERC721.TransferToNonERC721Receiver.selector);
        pix.safeTransferFrom(alice, address(sink), 20);
        vm.prank(alice);
        pix.safeTransferFrom(alice, bob, 20, "hi");
        assertEq(pix.ownerOf(20), bob, "safe transfer to an account");
    }
}
