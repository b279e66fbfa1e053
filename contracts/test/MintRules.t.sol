// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../Pixlings.sol";
import {PackedERC721} from "../token/PackedERC721.sol";
import {PixlingsFixture} from "./utils/PixlingsFixture.sol";
import {NotAReceiver, ReentrantBuyer, WrongSelectorReceiver} from "./utils/ReentrantBuyer.sol";
import {Homes} from "./utils/Homes.sol";
import {vm} from "./utils/Vm.sol";

contract MintRulesTest is PixlingsFixture {
    address internal buyer = address(0xB0B);

    function _mintAs(address sender, uint256[] memory ids, uint256 value) internal {
        uint256 deadline = block.timestamp + 600;
        bytes memory sig = voucher(SIGNER_KEY, pix, sender, ids, deadline);
        vm.deal(sender, value);
        vm.prank(sender);
        pix.mint{value: value}(ids, deadline, sig);
    }

    function testPerTransactionCap() public {
        buy(buyer, range(20, 10));
        assertEq(pix.balanceOf(buyer), 10, "ten in one transaction");
        vm.expectRevert(Pixlings.BadQuantity.selector);
        _mintAs(address(0xCAFE), range(40, 11), totalPrice(range(40, 11)));
        vm.expectRevert(Pixlings.BadQuantity.selector);
        _mintAs(address(0xCAFE), new uint256[](0), 0);
    }

    function testPerWalletCapCountsMintsNotBalance() public {
        buy(buyer, range(20, 6));
        buy(buyer, range(30, 4));
        vm.prank(buyer);
        pix.transferFrom(buyer, address(0xD00D), 20);
        assertEq(pix.balanceOf(buyer), 9, "balance after giving one away");
        vm.expectRevert(abi.encodeWithSelector(Pixlings.WalletLimitReached.selector, 11));
        _mintAs(buyer, one(40), totalPrice(one(40)));
    }

    function testFuzz_WrongPaymentReverts(uint256 value) public {
        uint256[] memory ids = range(20, 3);
        uint256 price = totalPrice(ids);
        value = value % (price * 3);
        vm.assume(value != price);
        vm.expectRevert(abi.encodeWithSelector(Pixlings.WrongPayment.selector, price));
        _mintAs(buyer, ids, value);
    }

    function testTierPricesAddUp() public {
        uint256[] memory ids = new uint256[](3);
        (ids[0], ids[1], ids[2]) = (1, 15, 21); // Artist, Common, Rare
        assertEq(totalPrice(ids), ARTIST_PRICE + COMMON_PRICE + RARE_PRICE, "fixture prices");
        _mintAs(buyer, ids, ARTIST_PRICE + COMMON_PRICE + RARE_PRICE);
        assertEq(address(pix).balance, ARTIST_PRICE + COMMON_PRICE + RARE_PRICE, "paid");
        assertEq(pix.priceOf(1), ARTIST_PRICE, "artist price");
        assertEq(pix.priceOf(21), RARE_PRICE, "rare price");
    }

    function testIdsOutsideRangeRevert() public {
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenOutOfRange.selector, 0));
        _mintAs(buyer, one(0), COMMON_PRICE);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenOutOfRange.selector, 10000));
        _mintAs(buyer, one(10000), COMMON_PRICE);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenOutOfRange.selector, 0));
        pix.ownerOf(0);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenOutOfRange.selector, 10000));
        pix.tokenURI(10000);
    }

    function testIdWithoutArtIsNotForSale() public {
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenNotForSale.selector, 9999));
        _mintAs(buyer, one(9999), COMMON_PRICE);
    }

    function testDoubleMintReverts() public {
        buy(buyer, one(20));
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.AlreadyMinted.selector, 20));
        _mintAs(address(0xCAFE), one(20), COMMON_PRICE);
        uint256[] memory twice = new uint256[](2);
        (twice[0], twice[1]) = (30, 30);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.AlreadyMinted.selector, 30));
        _mintAs(address(0xCAFE), twice, 2 * COMMON_PRICE);
    }

    function testReentrantMintWithinCapsWorks() public {
        ReentrantBuyer wallet = new ReentrantBuyer(pix);
        _prepare(wallet, range(40, 5));
        _buyAsContract(wallet, range(20, 5), range(40, 5));
        assertEq(pix.balanceOf(address(wallet)), 10, "both mints landed");
        assertEq(pix.mintedBy(address(wallet)), 10, "counted");
    }

    function testReentrantMintCannotPassWalletCap() public {
        ReentrantBuyer wallet = new ReentrantBuyer(pix);
        _prepare(wallet, range(40, 6));
        vm.expectRevert(abi.encodeWithSelector(Pixlings.WalletLimitReached.selector, 11));
        _buyAsContract(wallet, range(20, 5), range(40, 6));
        assertEq(pix.totalSupply(), 0, "nothing minted");
    }

    function testContractThatCannotReceiveIsRefused() public {
        NotAReceiver wallet = new NotAReceiver();
        uint256 deadline = block.timestamp + 600;
        bytes memory sig = voucher(SIGNER_KEY, pix, address(wallet), one(20), deadline);
        vm.deal(address(this), COMMON_PRICE);
        vm.expectRevert(PackedERC721.TransferToNonERC721Receiver.selector);
        wallet.buy{value: COMMON_PRICE}(pix, one(20), deadline, sig);
    }

    function testCustodyMintQuantityIsCapped() public {
        uint256[] memory none = new uint256[](0);
        uint256[] memory eleven = range(20, 11);
        vm.startPrank(minter);
        vm.expectRevert(Pixlings.BadQuantity.selector);
        pix.mintToCustody(custody, none);
        vm.expectRevert(Pixlings.BadQuantity.selector);
        pix.mintToCustody(custody, eleven);
        vm.stopPrank();
    }

    function testReceiverReturningWrongSelectorIsRefused() public {
        WrongSelectorReceiver wallet = new WrongSelectorReceiver();
        buy(buyer, one(20));
        vm.prank(buyer);
        vm.expectRevert(PackedERC721.TransferToNonERC721Receiver.selector);
        pix.safeTransferFrom(buyer, address(wallet), 20);
    }

    /// @dev Slot 6 is `_counts`: total supply, spill indices handed out, free ones; see PackedERC721.
    bytes32 internal constant COUNTS_SLOT = bytes32(uint256(6));

    function _spillIndicesHandedOut() internal view returns (uint256) {
        return (uint256(vm.load(address(pix), COUNTS_SLOT)) >> 32) & 0xffffffff;
    }

    function testSpillIndicesRunOutLoudly() public {
        (address first, address second) = Homes.collidingPair(0x1000);
        buy(first, one(20));
        vm.store(address(pix), COUNTS_SLOT, bytes32(uint256(((1 << 20) - 1) << 32) | 1));
        vm.expectRevert(PackedERC721.OwnerIndexOverflow.selector);
        _mintAs(second, one(21), COMMON_PRICE);
        buy(address(0xF00D), one(21));
        assertEq(pix.ownerOf(21), address(0xF00D), "an address with a free home still receives");
    }

    function testPassingAPixAlongNewAddressesUsesTheirHomes() public {
        buy(buyer, one(20));
        address from = buyer;
        for (uint256 i = 1; i <= 50; ++i) {
            address to = address(uint160(0x5000 + i));
            vm.prank(from);
            pix.transferFrom(from, to, 20);
            assertEq(pix.balanceOf(from), 0, "emptied");
            assertEq(pix.ownerOf(20), to, "owner follows");
            from = to;
        }
        assertEq(_spillIndicesHandedOut(), 0, "no spill index for 51 owners with free homes");
        assertEq(pix.mintedBy(buyer), 1, "the mint count survives the account emptying");
        buy(buyer, one(21));
        assertEq(pix.ownerOf(21), buyer, "a returning buyer is found at its home");
        assertEq(pix.balanceOf(buyer), 1, "balance");
        assertEq(pix.ownerOf(20), from, "without disturbing the last holder");
    }

    /// @dev `second`'s home belongs to `first`, for good: `second` spills, and its spill index
    ///      is freed and reused as its account empties and fills, its mint count kept throughout.
    function testAnAddressWhoseHomeIsTakenSpillsAndKeepsItsCount() public {
        (address first, address second) = Homes.collidingPair(0x1000);
        buy(first, one(20));
        buy(second, range(21, 2));
        assertEq(_spillIndicesHandedOut(), 1, "second spilled");
        assertEq(pix.ownerOf(21), second, "owner at a spill index");
        assertEq(pix.balanceOf(second), 2, "spilled balance");
        vm.prank(first);
        pix.transferFrom(first, address(0xD00D), 20);
        assertEq(pix.balanceOf(first), 0, "first emptied, its home kept");
        assertEq(pix.mintedBy(first), 1, "first's count kept at home");
        address other = address(0xD00D);
        for (uint256 i; i < 20; ++i) {
            vm.startPrank(second);
            pix.transferFrom(second, other, 21);
            pix.transferFrom(second, other, 22);
            vm.stopPrank();
            assertEq(pix.balanceOf(second), 0, "second emptied");
            assertEq(pix.mintedBy(second), 2, "count kept while second holds nothing");
            vm.startPrank(other);
            pix.transferFrom(other, second, 22);
            pix.transferFrom(other, second, 21);
            vm.stopPrank();
        }
        assertEq(_spillIndicesHandedOut(), 1, "one spill index served every refill");
        assertEq(pix.ownerOf(21), second, "owner after refills");
        assertEq(pix.ownerOf(20), other, "others untouched");
        buy(second, range(30, 8));
        assertEq(pix.mintedBy(second), 10, "count went on from 2");
        vm.expectRevert(abi.encodeWithSelector(Pixlings.WalletLimitReached.selector, 11));
        _mintAs(second, one(40), totalPrice(one(40)));
    }

    function testPausedMintingReverts() public {
        vm.prank(owner);
        pix.setMintingActive(false);
        assertTrue(!pix.mintingActive(), "paused");
        vm.expectRevert(Pixlings.MintingPaused.selector);
        _mintAs(buyer, one(20), COMMON_PRICE);
        uint256[] memory ids = one(21);
        vm.prank(minter);
        vm.expectRevert(Pixlings.MintingPaused.selector);
        pix.mintToCustody(custody, ids);
        vm.prank(owner);
        pix.setMintingActive(true);
        _mintAs(buyer, one(20), COMMON_PRICE);
        assertEq(pix.ownerOf(20), buyer, "minted after unpause");
    }

    function _prepare(ReentrantBuyer wallet, uint256[] memory ids) internal {
        uint256 deadline = block.timestamp + 600;
        wallet.prepareReentry(ids, deadline, voucher(SIGNER_KEY, pix, address(wallet), ids, deadline), totalPrice(ids));
    }

    function _buyAsContract(ReentrantBuyer wallet, uint256[] memory ids, uint256[] memory reentryIds) internal {
        uint256 deadline = block.timestamp + 600;
        bytes memory sig = voucher(SIGNER_KEY, pix, address(wallet), ids, deadline);
        uint256 value = totalPrice(ids) + totalPrice(reentryIds);
        vm.deal(address(this), value);
        wallet.buy{value: value}(ids, deadline, sig);
    }
}
