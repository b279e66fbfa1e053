// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../../Pixlings.sol";
import {Assertions} from "./Assertions.sol";
import {vm} from "./Vm.sol";

/// @notice A deployed Pixlings with one-colour art in chunks 0 and 1 (ids 1..499) and voucher
///         signing computed independently of the contract's own digest helper.
abstract contract PixlingsFixture is Assertions {
    uint256 internal constant SIGNER_KEY = 0xA11CE;
    uint256 internal constant COMMON_PRICE = 0.01 ether;
    uint256 internal constant RARE_PRICE = 0.03 ether;
    uint256 internal constant ARTIST_PRICE = 0.13 ether;
    uint256 internal constant LAST_ID_WITH_ART = 499;

    address internal owner = address(0x0A11);
    address internal minter = address(0x0B22);
    address internal artAdmin = address(0x0C33);
    address internal custody = address(0x0D44);
    address internal treasury = address(0x0E55);
    address internal signer;
    Pixlings internal pix;

    function setUp() public virtual {
        signer = vm.addr(SIGNER_KEY);
        pix = deployPixlings();
        writeTestArt(pix, 0);
        writeTestArt(pix, 1);
    }

    function deployPixlings() internal returns (Pixlings) {
        return new Pixlings(
            Pixlings.Setup({
                owner: owner,
                signer: signer,
                minter: minter,
                artAdmin: artAdmin,
                custody: custody,
                withdrawRecipient: treasury,
                royaltyReceiver: treasury,
                royaltyBps: 500,
                tierPrices: [COMMON_PRICE, RARE_PRICE, ARTIST_PRICE],
                mintingActive: true
            })
        );
    }

    /// @dev Every piece one colour: blob [1][rgb] then per id [header 0x00][palette ref 0].
    ///      Ids divisible by 7 are Rare, Artist ids Artist, the rest Common.
    function writeTestArt(Pixlings target, uint256 chunk) internal {
        (uint256 firstId, uint256 lastId) = target.chunkRange(chunk);
        uint256 n = lastId - firstId + 1;
        bytes memory tiers = new bytes(n);
        bytes memory art = new bytes(4 + 2 * n);
        art[0] = 0x01;
        art[1] = 0x12;
        art[2] = 0x34;
        art[3] = 0x56;
        for (uint256 i; i < n; ++i) tiers[i] = bytes1(uint8(expectedTier(firstId + i)));
        vm.prank(artAdmin);
        target.writeArtChunk(chunk, tiers, art);
    }

    function expectedTier(uint256 id) internal pure returns (uint256) {
        if ((id - 1) % 1111 < 13) return 3;
        return id % 7 == 0 ? 2 : 1;
    }

    function priceOfTier(uint256 tier) internal pure returns (uint256) {
        return tier == 1 ? COMMON_PRICE : tier == 2 ? RARE_PRICE : ARTIST_PRICE;
    }

    function totalPrice(uint256[] memory ids) internal pure returns (uint256 total) {
        for (uint256 i; i < ids.length; ++i) total += priceOfTier(expectedTier(ids[i]));
    }

    function digest(Pixlings target, address recipient, uint256[] memory ids, uint256 deadline)
        internal
        view
        returns (bytes32)
    {
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("Pixlings"),
                keccak256("1"),
                block.chainid,
                address(target)
            )
        );
        bytes32 structHash = keccak256(
            abi.encode(
                keccak256("Mint(address recipient,uint256[] ids,uint256 deadline)"),
                recipient,
                keccak256(abi.encodePacked(ids)),
                deadline
            )
        );
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function voucher(uint256 key, Pixlings target, address recipient, uint256[] memory ids, uint256 deadline)
        internal
        view
        returns (bytes memory)
    {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest(target, recipient, ids, deadline));
        return abi.encodePacked(r, s, v);
    }

    /// @dev Mints `ids` to `buyer` with a valid voucher and the exact price.
    function buy(address buyer, uint256[] memory ids) internal {
        uint256 deadline = block.timestamp + 600;
        bytes memory sig = voucher(SIGNER_KEY, pix, buyer, ids, deadline);
        uint256 price = totalPrice(ids);
        vm.deal(buyer, price);
        vm.prank(buyer);
        pix.mint{value: price}(ids, deadline, sig);
    }

    function one(uint256 id) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](1);
        ids[0] = id;
    }

    function range(uint256 first, uint256 n) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](n);
        for (uint256 i; i < n; ++i) ids[i] = first + i;
    }
}
