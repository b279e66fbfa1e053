// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../Pixlings.sol";
import {OwnableRoles2Step} from "../access/OwnableRoles2Step.sol";
import {ArtStore} from "../art/ArtStore.sol";
import {PackedERC721} from "../token/PackedERC721.sol";
import {PixlingsFixture} from "./utils/PixlingsFixture.sol";
import {vm} from "./utils/Vm.sol";

contract AdminTest is PixlingsFixture {
    address internal buyer = address(0xB0B);

    function _isAdmin(address who) internal view returns (bool) {
        return who == owner || who == minter || who == artAdmin;
    }

    function testFuzz_OwnerFunctionsRefuseOthers(address caller) public {
        vm.assume(caller != owner);
        bytes[8] memory calls = [
            abi.encodeCall(Pixlings.setTierPrices, (1, 2, 3)),
            abi.encodeCall(Pixlings.setMintingActive, (false)),
            abi.encodeCall(Pixlings.setCustody, (caller)),
            abi.encodeCall(Pixlings.setWithdrawRecipient, (caller)),
            abi.encodeCall(Pixlings.setRoyalty, (caller, 100)),
            abi.encodeCall(Pixlings.withdraw, ()),
            abi.encodeCall(OwnableRoles2Step.grantRoles, (caller, 7)),
            abi.encodeCall(OwnableRoles2Step.transferOwnership, (caller))
        ];
        for (uint256 i; i < calls.length; ++i) {
            vm.prank(caller);
            (bool ok, bytes memory ret) = address(pix).call(calls[i]);
            assertTrue(!ok && bytes4(ret) == OwnableRoles2Step.Unauthorized.selector, "owner-only call");
        }
        vm.prank(caller);
        (bool revokeOk, bytes memory revokeRet) =
            address(pix).call(abi.encodeCall(OwnableRoles2Step.revokeRoles, (signer, 1)));
        assertTrue(!revokeOk && bytes4(revokeRet) == OwnableRoles2Step.Unauthorized.selector, "revoke");
    }

    function testFuzz_RoleFunctionsRefuseOthers(address caller) public {
        vm.assume(caller != minter && caller != artAdmin);
        uint256[] memory ids = one(20);
        vm.prank(caller);
        vm.expectRevert(OwnableRoles2Step.Unauthorized.selector);
        pix.mintToCustody(custody, ids);
        vm.prank(caller);
        vm.expectRevert(OwnableRoles2Step.Unauthorized.selector);
        pix.writeArtChunk(2, "", "");
        vm.prank(caller);
        vm.expectRevert(OwnableRoles2Step.Unauthorized.selector);
        pix.replaceArt(20, hex"01ffffff0000");
    }

    event TierPricesSet(uint256 common, uint256 rare, uint256 artist);
    event Transfer(address indexed from, address indexed to, uint256 indexed id);

    function testPriceChangesAndMintsAreEmitted() public {
        vm.expectEmit(false, false, false, true, address(pix));
        emit TierPricesSet(4, 5, 6);
        vm.prank(owner);
        pix.setTierPrices(4, 5, 6);
        vm.prank(minter);
        vm.expectEmit(true, true, true, false, address(pix));
        emit Transfer(address(0), custody, 20);
        pix.mintToCustody(custody, one(20));
    }

    function testOwnerCanRunEveryOwnerFunction() public {
        vm.startPrank(owner);
        pix.setTierPrices(1, 2, 3);
        pix.setCustody(buyer);
        pix.setWithdrawRecipient(buyer);
        pix.setRoyalty(buyer, 100);
        pix.grantRoles(buyer, pix.ROLE_MINTER());
        pix.revokeRoles(buyer, pix.ROLE_MINTER());
        vm.stopPrank();
        (uint256 common, uint256 rare, uint256 artist) = pix.tierPrices();
        assertEq(common + rare * 10 + artist * 100, 321, "prices set");
        assertEq(pix.custody(), buyer, "custody set");
        assertEq(pix.rolesOf(buyer), 0, "role revoked");
    }

    function testTwoStepOwnership() public {
        vm.prank(owner);
        pix.transferOwnership(buyer);
        assertEq(pix.owner(), owner, "unchanged until accepted");
        assertEq(pix.pendingOwner(), buyer, "pending");
        vm.prank(address(0xBAD));
        vm.expectRevert(OwnableRoles2Step.NotPendingOwner.selector);
        pix.acceptOwnership();
        vm.prank(buyer);
        pix.acceptOwnership();
        assertEq(pix.owner(), buyer, "new owner");
        assertEq(pix.pendingOwner(), address(0), "cleared");
        vm.prank(owner);
        vm.expectRevert(OwnableRoles2Step.Unauthorized.selector);
        pix.setMintingActive(false);
    }

    function testZeroAddressesRefused() public {
        vm.startPrank(owner);
        vm.expectRevert(OwnableRoles2Step.ZeroAddress.selector);
        pix.grantRoles(address(0), 1);
        vm.expectRevert(OwnableRoles2Step.ZeroAddress.selector);
        pix.setCustody(address(0));
        vm.expectRevert(OwnableRoles2Step.ZeroAddress.selector);
        pix.setWithdrawRecipient(address(0));
        vm.expectRevert(OwnableRoles2Step.ZeroAddress.selector);
        pix.setRoyalty(address(0), 1);
        vm.stopPrank();
    }

    function testMinterMintsOnlyToCustody() public {
        uint256[] memory ids = range(20, 3);
        vm.prank(minter);
        vm.expectRevert(Pixlings.NotCustody.selector);
        pix.mintToCustody(buyer, ids);
        vm.prank(minter);
        pix.mintToCustody(custody, ids);
        assertEq(pix.balanceOf(custody), 3, "custody holds them");
        assertEq(pix.mintedBy(custody), 0, "custody mints are not capped");
        vm.prank(custody);
        pix.transferFrom(custody, buyer, 21);
        assertEq(pix.ownerOf(21), buyer, "custody hands over");
    }

    function testArtWriteAfterMintReverts() public {
        bytes memory art = hex"01ffffff0000";
        vm.prank(artAdmin);
        pix.replaceArt(20, art);
        buy(buyer, one(20));
        vm.prank(artAdmin);
        vm.expectRevert(abi.encodeWithSelector(ArtStore.ArtFrozen.selector, 20));
        pix.replaceArt(20, art);
        vm.prank(artAdmin);
        vm.expectRevert(abi.encodeWithSelector(ArtStore.ChunkAlreadyWritten.selector, 0));
        pix.writeArtChunk(0, "", "");
    }

    function testWithdrawSendsEverythingToRecipient() public {
        buy(buyer, range(20, 2));
        uint256 paid = address(pix).balance;
        assertTrue(paid > 0, "paid");
        vm.prank(owner);
        pix.withdraw();
        assertEq(treasury.balance, paid, "treasury got it");
        assertEq(address(pix).balance, 0, "emptied");
    }

    function testFuzz_Royalty(uint96 bps, uint128 salePrice) public {
        bps = uint96(bps % 10_001);
        vm.prank(owner);
        pix.setRoyalty(buyer, bps);
        (address receiver, uint256 amount) = pix.royaltyInfo(1, salePrice);
        assertEq(receiver, buyer, "receiver");
        assertEq(amount, (uint256(salePrice) * bps) / 10_000, "amount");
    }

    function testRoyaltyAbove100PercentRefused() public {
        vm.prank(owner);
        vm.expectRevert(Pixlings.RoyaltyTooHigh.selector);
        pix.setRoyalty(buyer, 10_001);
    }

    function testPriceAbove80BitsRefused() public {
        vm.prank(owner);
        vm.expectRevert(Pixlings.PriceTooHigh.selector);
        pix.setTierPrices(1 << 80, 1, 1);
    }

    function testNamesAndViews() public {
        assertTrue(keccak256(bytes(pix.name())) == keccak256("Pixlings"), "name");
        assertTrue(keccak256(bytes(pix.symbol())) == keccak256("PIX"), "symbol");
        assertEq(pix.withdrawRecipient(), treasury, "withdraw recipient");
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenNotForSale.selector, 600));
        pix.priceOf(600);
    }

    function testRolesCanBeRenounced() public {
        uint256 minterRole = pix.ROLE_MINTER();
        vm.prank(minter);
        pix.renounceRoles(minterRole);
        assertTrue(!pix.hasAnyRole(minter, minterRole), "renounced");
    }

    function testDeployRefusesZeroOwner() public {
        owner = address(0);
        vm.expectRevert(OwnableRoles2Step.ZeroAddress.selector);
        deployPixlings();
    }

    function testSupportsInterface() public view {
        assertTrue(pix.supportsInterface(0x01ffc9a7), "ERC-165");
        assertTrue(pix.supportsInterface(0x80ac58cd), "ERC-721");
        assertTrue(pix.supportsInterface(0x5b5e139f), "ERC-721 Metadata");
        assertTrue(pix.supportsInterface(0x2a55205a), "ERC-2981");
        assertTrue(!pix.supportsInterface(0xffffffff), "not 0xffffffff");
        assertTrue(!pix.supportsInterface(0x780e9d63), "not Enumerable");
    }
}
