// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../Pixlings.sol";
import {PixlingsFixture} from "./utils/PixlingsFixture.sol";
import {vm} from "./utils/Vm.sol";

/// @notice Drives random mints (wallet and custody, valid and invalid ids) and transfers,
///         remembering every id it ever saw minted.
contract MintHandler is PixlingsFixture {
    uint256 public mintedCount;
    uint256 public mintedTwice;
    mapping(uint256 => bool) public seen;
    address[] public holders;

    constructor(Pixlings target) {
        pix = target;
        signer = vm.addr(SIGNER_KEY);
    }

    /// @dev The fuzzer calls every public function of a target: this one must not redeploy.
    function setUp() public pure override {}

    function walletMint(uint256 seed, uint8 count) external {
        address buyer = address(uint160(0x1000 + (seed % 50)));
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

    function transfer(uint256 holderSeed, uint256 idSeed, uint256 toSeed) external {
        if (holders.length == 0) return;
        address from = holders[holderSeed % holders.length];
        uint256 id = 1 + (idSeed % LAST_ID_WITH_ART);
        address to = address(uint160(0x1000 + (toSeed % 60)));
        vm.prank(from);
        try pix.transferFrom(from, to, id) {
            holders.push(to);
        } catch {}
    }

    function _record(uint256[] memory ids, address to) internal {
        holders.push(to);
        for (uint256 i; i < ids.length; ++i) {
            if (seen[ids[i]]) ++mintedTwice;
            seen[ids[i]] = true;
            ++mintedCount;
        }
    }

    /// @dev Prices ids outside the art range as Common so the call reaches the contract's checks.
    function _clampForPrice(uint256[] memory ids) internal pure returns (uint256[] memory out) {
        out = new uint256[](ids.length);
        for (uint256 i; i < ids.length; ++i) out[i] = ids[i] == 0 || ids[i] > 499 ? 14 : ids[i];
    }

    function holderCount() external view returns (uint256) {
        return holders.length;
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

    function invariant_supplyBoundedAndCounted() public view {
        assertTrue(pix.totalSupply() <= 9999, "supply within 9,999");
        assertEq(pix.totalSupply(), handler.mintedCount(), "supply = successful mints");
    }

    function invariant_noIdMintedTwice() public view {
        assertEq(handler.mintedTwice(), 0, "an id was minted twice");
    }

    function invariant_balancesAddUpToSupply() public view {
        uint256 sum = pix.balanceOf(custody);
        for (uint256 i = 0x1000; i < 0x1000 + 60; ++i) sum += pix.balanceOf(address(uint160(i)));
        assertEq(sum, pix.totalSupply(), "balances add up");
    }
}
