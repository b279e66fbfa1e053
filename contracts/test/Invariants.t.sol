// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../Pixlings.sol";
import {PixlingsFixture} from "./utils/PixlingsFixture.sol";
import {Homes} from "./utils/Homes.sol";
import {vm} from "./utils/Vm.sol";

/// @notice Drives random mints (wallet and custody, valid and invalid ids) and transfers among
///         60 addresses and two pairs that share a home (so accounts spill, empty and refill),
///         remembering every id it ever saw minted.
contract MintHandler is PixlingsFixture {
    uint256 public mintedCount;
    uint256 public mintedTwice;
    mapping(uint256 => bool) public seen;
    mapping(uint256 => address) public expectedOwner;
    uint256[] public mintedIds;
    uint256 public transfers;
    address[] public wallets;

    constructor(Pixlings target) {
        pix = target;
        signer = vm.addr(SIGNER_KEY);
        for (uint160 i; i < 60; ++i) wallets.push(address(0x1000 + i));
        (address a, address b) = Homes.collidingPair(0x1000);
        (address c, address d) = Homes.collidingPair(uint160(b) + 1);
        wallets.push(a);
        wallets.push(b);
        wallets.push(c);
        wallets.push(d);
    }

    /// @dev The fuzzer calls every public function of a target: this one must not redeploy.
    function setUp() public pure override {}

    function walletMint(uint256 seed, uint8 count) external {
        address buyer = _wallet(seed);
        uint256[] memory ids = new uint256[](1 + (count % 4));
        for (uint256 i; i < ids.length; ++i) ids[i] = uint256(keccak256(abi.encode(seed, i))) % 600;
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, ids, deadline);
        uint256 price = totalPrice(_clampForPrice(ids));
        vm.deal(buyer, price);
        vm.prank(buyer);
        try pix.mint{value: price}(ids, deadline, sig) {
            _record(ids, buyer);
        } catch {}
    }

    function custodyMint(uint256 seed) external {
        uint256[] memory ids = one(1 + (seed % LAST_ID_WITH_ART));
        vm.prank(minter);
        try pix.mintToCustody(custody, ids) {
            _record(ids, custody);
        } catch {}
    }

    /// @dev Moves a minted Pix from its holder, so accounts empty and indices get reused.
    function transfer(uint256 idSeed, uint256 toSeed) external {
        if (mintedIds.length == 0) return;
        uint256 id = mintedIds[idSeed % mintedIds.length];
        address from = expectedOwner[id];
        address to = _wallet(toSeed);
        vm.prank(from);
        pix.transferFrom(from, to, id);
        expectedOwner[id] = to;
        ++transfers;
    }

    /// @dev One call in three picks a colliding address (the last four), so spills happen often.
    function _wallet(uint256 seed) internal view returns (address) {
        uint256 n = wallets.length;
        return seed % 3 == 0 ? wallets[n - 4 + (seed / 3) % 4] : wallets[seed % n];
    }

    function _record(uint256[] memory ids, address to) internal {
        for (uint256 i; i < ids.length; ++i) {
            if (seen[ids[i]]) ++mintedTwice;
            seen[ids[i]] = true;
            expectedOwner[ids[i]] = to;
            mintedIds.push(ids[i]);
            ++mintedCount;
        }
    }

    /// @dev Prices ids outside the art range as Common so the call reaches the contract's checks.
    function _clampForPrice(uint256[] memory ids) internal pure returns (uint256[] memory out) {
        out = new uint256[](ids.length);
        for (uint256 i; i < ids.length; ++i) out[i] = ids[i] == 0 || ids[i] > 499 ? 14 : ids[i];
    }

    function mintedIdCount() external view returns (uint256) {
        return mintedIds.length;
    }

    function walletCount() external view returns (uint256) {
        return wallets.length;
    }
}

contract InvariantsTest is PixlingsFixture {
    MintHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new MintHandler(pix);
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// @dev Only ids with art can mint, so the supply stays within them (and so within 9,999).
    function invariant_supplyBoundedAndCounted() public view {
        assertTrue(pix.totalSupply() <= LAST_ID_WITH_ART, "supply within the ids that have art");
        assertEq(pix.totalSupply(), handler.mintedCount(), "supply = successful mints");
    }

    /// @dev Spill indices are freed and reused as accounts empty: every Pix must still resolve
    ///      to the address that last received it.
    function invariant_everyPixResolvesToItsHolder() public view {
        for (uint256 i; i < handler.mintedIdCount(); ++i) {
            uint256 id = handler.mintedIds(i);
            assertEq(pix.ownerOf(id), handler.expectedOwner(id), "owner after transfers");
        }
    }

    function invariant_noIdMintedTwice() public view {
        assertEq(handler.mintedTwice(), 0, "an id was minted twice");
    }

    function invariant_balancesAddUpToSupply() public view {
        uint256 sum = pix.balanceOf(custody);
        for (uint256 i; i < handler.walletCount(); ++i) sum += pix.balanceOf(handler.wallets(i));
        assertEq(sum, pix.totalSupply(), "balances add up");
    }
}
