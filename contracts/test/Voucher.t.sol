// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../Pixlings.sol";
import {PackedERC721} from "../token/PackedERC721.sol";
import {PixlingsFixture} from "./utils/PixlingsFixture.sol";
import {vm} from "./utils/Vm.sol";

contract VoucherTest is PixlingsFixture {
    address internal buyer = address(0xB0B);

    function _attempt(address sender, uint256[] memory ids, uint256 deadline, bytes memory sig) internal {
        uint256 price = totalPrice(ids);
        vm.deal(sender, price);
        vm.prank(sender);
        pix.mint{value: price}(ids, deadline, sig);
    }

    function testValidVoucherMints() public {
        buy(buyer, range(20, 3));
        assertEq(pix.ownerOf(21), buyer, "owner");
        assertEq(pix.balanceOf(buyer), 3, "balance");
        assertEq(pix.totalSupply(), 3, "supply");
        assertEq(pix.mintedBy(buyer), 3, "minted");
    }

    function testContractDigestMatchesIndependentDigest() public view {
        uint256[] memory ids = range(20, 3);
        assertTrue(pix.voucherDigest(buyer, ids, 123) == digest(pix, buyer, ids, 123), "digest");
    }

    function testFuzz_ExpiredVoucherReverts(uint256 late) public {
        late = 1 + (late % 365 days);
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, one(20), deadline);
        vm.warp(deadline + late);
        vm.expectRevert(Pixlings.VoucherExpired.selector);
        _attempt(buyer, one(20), deadline, sig);
    }

    function testVoucherValidAtDeadline() public {
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, one(20), deadline);
        vm.warp(deadline);
        _attempt(buyer, one(20), deadline, sig);
        assertEq(pix.ownerOf(20), buyer, "owner");
    }

    function testFuzz_WrongSignerReverts(uint256 key) public {
        key = 1 + (key % 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140);
        vm.assume(key != SIGNER_KEY);
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(key, pix, buyer, one(20), deadline);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, one(20), deadline, sig);
    }

    function testGarbageSignatureRecoveringZeroReverts() public {
        bytes memory sig = abi.encodePacked(bytes32(0), bytes32(0), uint8(27));
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, one(20), block.timestamp + 60, sig);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, one(20), block.timestamp + 60, "");
    }

    function testRevokedSignerReverts() public {
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, one(20), deadline);
        uint256 signerRole = pix.ROLE_SIGNER();
        vm.prank(owner);
        pix.revokeRoles(signer, signerRole);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, one(20), deadline, sig);
    }

    function testFuzz_WrongChainIdReverts(uint64 otherChain) public {
        vm.assume(otherChain != block.chainid && otherChain != 0);
        uint256 deadline = block.timestamp + 60;
        uint256 original = block.chainid;
        vm.chainId(otherChain);
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, one(20), deadline);
        vm.chainId(original);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, one(20), deadline, sig);
    }

    function testVoucherForAnotherContractReverts() public {
        Pixlings other = deployPixlings();
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, other, buyer, one(20), deadline);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, one(20), deadline, sig);
    }

    function testFuzz_ChangedRecipientReverts(address thief) public {
        vm.assume(thief != buyer && thief.code.length == 0 && uint160(thief) > 0x10000);
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, one(20), deadline);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(thief, one(20), deadline, sig);
    }

    function testFuzz_ChangedIdsReverts(uint256 otherId) public {
        otherId = 14 + (otherId % (LAST_ID_WITH_ART - 14));
        vm.assume(otherId != 20);
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, one(20), deadline);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, one(otherId), deadline, sig);
        uint256[] memory more = range(20, 2);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, more, deadline, sig);
    }

    function testChangedDeadlineReverts() public {
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, one(20), deadline);
        vm.expectRevert(Pixlings.InvalidVoucher.selector);
        _attempt(buyer, one(20), deadline + 1, sig);
    }

    function testReusedVoucherReverts() public {
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, range(20, 2), deadline);
        _attempt(buyer, range(20, 2), deadline, sig);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.AlreadyMinted.selector, 20));
        _attempt(buyer, range(20, 2), deadline, sig);
    }
}
