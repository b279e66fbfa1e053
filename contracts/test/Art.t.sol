// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../Pixlings.sol";
import {ArtCodec} from "../art/ArtCodec.sol";
import {ArtStore} from "../art/ArtStore.sol";
import {PackedERC721} from "../token/PackedERC721.sol";
import {PixlingsFixture} from "./utils/PixlingsFixture.sol";
import {Base64} from "solady/src/utils/Base64.sol";
import {LibString} from "solady/src/utils/LibString.sol";
import {vm} from "./utils/Vm.sol";

contract ArtTest is PixlingsFixture {
    /// @dev Two colours, symmetry "both": 25 stored cells at 1 bit = 4 bytes.
    bytes internal constant TWO_COLOURS = hex"02ff0000_00ff00_31_0001_a5a5a5a5";

    function _tiers(uint256 n, uint8 tier) internal pure returns (bytes memory t) {
        t = new bytes(n);
        for (uint256 i; i < n; ++i) t[i] = bytes1(tier);
    }

    function testChunkRanges() public view {
        (uint256 first, uint256 last) = pix.chunkRange(0);
        assertEq(first * 10_000 + last, 1 * 10_000 + 249, "chunk 0");
        (first, last) = pix.chunkRange(39);
        assertEq(first * 10_000 + last, 9750 * 10_000 + 9999, "chunk 39");
        assertTrue(pix.isChunkWritten(1) && !pix.isChunkWritten(2), "written flags");
    }

    function testChunkOutOfRangeReverts() public {
        vm.prank(artAdmin);
        vm.expectRevert(abi.encodeWithSelector(ArtStore.ChunkOutOfRange.selector, 40));
        pix.writeArtChunk(40, "", "");
    }

    function testTiersLengthMustMatchChunk() public {
        vm.prank(artAdmin);
        vm.expectRevert(abi.encodeWithSelector(ArtStore.TiersLengthMismatch.selector, 250));
        pix.writeArtChunk(2, _tiers(249, 1), "");
    }

    function testMalformedBlobsRevert() public {
        bytes memory tiers = _tiers(250, 1);
        bytes[4] memory bad = [bytes(""), bytes(hex"00"), bytes(hex"01ffffff0000"), bytes(hex"01ffffff0001")];
        for (uint256 i; i < bad.length; ++i) {
            vm.prank(artAdmin);
            vm.expectRevert(ArtCodec.InvalidArt.selector);
            pix.writeArtChunk(2, tiers, bad[i]);
        }
    }

    function testArtistTierIsFixedById() public {
        (uint256 first,) = pix.chunkRange(4); // ids 1000..1249 include Artist ids 1112..1124
        bytes memory art = new bytes(4 + 500);
        art[0] = 0x01;
        vm.prank(artAdmin);
        vm.expectRevert(abi.encodeWithSelector(Pixlings.TierNotAllowed.selector, 1112, 1));
        pix.writeArtChunk(4, _tiers(250, 1), art);
        bytes memory tiers = _tiers(250, 1);
        for (uint256 id = 1112; id <= 1124; ++id) tiers[id - first] = 0x03;
        tiers[0] = 0x03;
        vm.prank(artAdmin);
        vm.expectRevert(abi.encodeWithSelector(Pixlings.TierNotAllowed.selector, 1000, 3));
        pix.writeArtChunk(4, tiers, art);
    }

    function testReplaceArtThenArtOfReturnsIt() public {
        vm.prank(artAdmin);
        pix.replaceArt(40, TWO_COLOURS);
        assertTrue(keccak256(pix.artOf(40)) == keccak256(TWO_COLOURS), "standalone blob back");
        assertEq(pix.tierOf(40), expectedTier(40), "tier kept");
    }

    function testReplaceArtChecksPixels() public {
        // three colours at 2 bits leave the value 3 unused: a stored 3 is refused
        bytes memory bad = hex"03ff000000ff000000ff_32_000102_ffffffffffffff";
        vm.prank(artAdmin);
        vm.expectRevert(ArtCodec.InvalidArt.selector);
        pix.replaceArt(40, bad);
    }

    function testReplaceArtNeedsExistingArt() public {
        vm.prank(artAdmin);
        vm.expectRevert(abi.encodeWithSelector(PackedERC721.TokenNotForSale.selector, 600));
        pix.replaceArt(600, TWO_COLOURS);
    }

    event ArtWritten(uint256 indexed firstId, bytes tiers, bytes art);

    function _json(uint256 id) internal view returns (string memory) {
        string memory uri = pix.tokenURI(id);
        string memory prefix = "data:application/json;base64,";
        assertTrue(LibString.startsWith(uri, prefix), "base64 JSON");
        return string(Base64.decode(LibString.slice(uri, bytes(prefix).length)));
    }

    function _has(string memory text, string memory part) internal pure {
        assertTrue(LibString.contains(text, part), part);
    }

    function testTwoColourPieceRendersItsGroup() public {
        vm.prank(artAdmin);
        vm.expectEmit(true, false, false, true, address(pix));
        emit ArtWritten(40, hex"01", TWO_COLOURS);
        pix.replaceArt(40, TWO_COLOURS);
        buy(address(0xB0B), one(40));
        string memory json = _json(40);
        _has(json, "<rect width='9' height='9' fill='%23ff0000'/><g fill='%2300ff00'><rect x='0' y='0' width='1'");
        _has(json, '{"trait_type":"Colors","value":2}');
        _has(json, '{"trait_type":"Symmetry","value":"Both"}');
        _has(json, '{"trait_type":"Tier","value":"Common"}');
    }

    function testOneColourPieceRendersOneRect() public {
        buy(address(0xB0B), one(20));
        string memory json = _json(20);
        _has(json, '"name":"Pix #20"');
        _has(json, "fill='%23123456'/></svg>");
        _has(json, '{"trait_type":"Symmetry","value":"None"}');
        _has(json, '{"trait_type":"Tier","value":"Common"}');
        buy(address(0xB0B), one(5));
        _has(_json(5), '{"trait_type":"Tier","value":"Artist"}');
    }
}
