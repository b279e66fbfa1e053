// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../Pixlings.sol";
import {PixlingsFixture} from "./utils/PixlingsFixture.sol";
import {TestArt} from "./utils/TestArt.sol";
import {Base64} from "solady/src/utils/Base64.sol";
import {LibString} from "solady/src/utils/LibString.sol";
import {vm} from "./utils/Vm.sol";

/// @notice `tokenURI` stays under 300,000 gas for any art the contract accepts (public RPCs cap
///         `eth_call` gas, and marketplaces read it): the costliest pictures (see `TestArt`) in
///         the costliest places, cold, and random valid art, which must never cost more than the
///         costliest picture measured the same way.
contract TokenUriGasTest is PixlingsFixture {
    uint256 internal constant GAS_BOUND = 300_000;
    /// @dev Chunks 34..39 end with the costliest picture of symmetry 0..5, after 249 others.
    uint256 internal constant FIRST_WORST_CHUNK = 34;
    /// @dev Common ids (the longest tier name), three digits like every fuzzed id.
    uint256[6] internal replacedWorstIds = [uint256(101), 102, 103, 104, 106, 107];

    /// @dev The costliest replaced picture, replaced, minted and read in one transaction.
    uint256 internal worstReplacedGas;

    function setUp() public override {
        super.setUp();
        vm.startPrank(artAdmin);
        for (uint256 s; s < 6; ++s) {
            bytes memory pieces;
            for (uint256 i; i < 249; ++i) pieces = bytes.concat(pieces, TestArt.worstPiece(0));
            pieces = bytes.concat(pieces, TestArt.worstPiece(s));
            pix.writeArtChunk(FIRST_WORST_CHUNK + s, _tiers(FIRST_WORST_CHUNK + s), TestArt.blob(TestArt.FULL_PALETTE, pieces));
        }
        vm.stopPrank();
        uint256[] memory lastIds = new uint256[](6);
        for (uint256 s; s < 6; ++s) lastIds[s] = _lastId(FIRST_WORST_CHUNK + s);
        vm.prank(minter);
        pix.mintToCustody(custody, lastIds);
        for (uint256 s; s < 6; ++s) {
            bytes memory art = TestArt.blob(TestArt.FULL_PALETTE, TestArt.worstPiece(s));
            uint256 gas = _replaceMintAndMeasure(replacedWorstIds[s], art);
            if (gas > worstReplacedGas) worstReplacedGas = gas;
        }
    }

    function testTheCostliestArtStaysUnderTheBound() public view {
        for (uint256 s; s < 6; ++s) {
            uint256 id = _lastId(FIRST_WORST_CHUNK + s);
            uint256 gas = _tokenUriGas(id);
            assertTrue(gas <= GAS_BOUND, string.concat("last piece of a worst chunk, symmetry ", LibString.toString(s), ": ", LibString.toString(gas)));
            _assertCostliestPicture(id, s);
        }
        assertTrue(worstReplacedGas <= GAS_BOUND, "a replaced costliest picture");
    }

    function testReplacedCostliestPicturesDrawEveryRun() public view {
        for (uint256 s; s < 6; ++s) _assertCostliestPicture(replacedWorstIds[s], s);
    }

    function testFuzz_AnyArtCostsNoMoreThanTheCostliest(uint256 seed, uint256 idSeed, uint8 paletteSize) public {
        vm.assume(paletteSize != 0);
        uint256 id = 110 + idSeed % (LAST_ID_WITH_ART - 110 + 1);
        bytes memory art = TestArt.blob(paletteSize, TestArt.randomPiece(seed, paletteSize));
        uint256 gas = _replaceMintAndMeasure(id, art);
        assertTrue(gas <= worstReplacedGas, string.concat("random art cost ", LibString.toString(gas), " > ", LibString.toString(worstReplacedGas)));
        assertTrue(gas <= GAS_BOUND, "random art over the bound");
    }

    /// @dev Decodes the JSON: 81 rects (one per cell) in 15 groups, 15 colours, the symmetry.
    function _assertCostliestPicture(uint256 id, uint256 symmetry) internal view {
        string memory uri = pix.tokenURI(id);
        string memory json = string(Base64.decode(LibString.slice(uri, 29)));
        assertEq(LibString.indicesOf(json, "<rect x=").length, 81, "one rect a cell");
        assertEq(LibString.indicesOf(json, "<g fill=").length, 15, "fifteen groups");
        assertTrue(LibString.contains(json, '{"trait_type":"Colors","value":15}'), "fifteen colours");
        string[6] memory names = ["None", "Vertical", "Horizontal", "Both", "Diagonal", "Rotational"];
        assertTrue(LibString.contains(json, string.concat('"value":"', names[symmetry], '"}]}')), "symmetry");
    }

    function _replaceMintAndMeasure(uint256 id, bytes memory art) internal returns (uint256) {
        vm.prank(artAdmin);
        pix.replaceArt(id, art);
        vm.prank(minter);
        pix.mintToCustody(custody, one(id));
        return _tokenUriGas(id);
    }

    /// @dev Gas of the call itself, return data left uncopied.
    function _tokenUriGas(uint256 id) internal view returns (uint256 used) {
        bytes memory data = abi.encodeCall(Pixlings.tokenURI, (id));
        address target = address(pix);
        bool ok;
        assembly ("memory-safe") {
            let before := gas()
            ok := staticcall(gas(), target, add(data, 0x20), mload(data), 0, 0)
            used := sub(before, gas())
        }
        assertTrue(ok, "tokenURI reverted");
    }

    function _lastId(uint256 chunk) internal view returns (uint256 last) {
        (, last) = pix.chunkRange(chunk);
    }

    /// @dev Common for every id of the chunk, Artist where the id demands it.
    function _tiers(uint256 chunk) internal view returns (bytes memory tiers) {
        (uint256 first, uint256 last) = pix.chunkRange(chunk);
        tiers = new bytes(last - first + 1);
        for (uint256 id = first; id <= last; ++id) tiers[id - first] = bytes1(uint8(pix.isArtistId(id) ? 3 : 1));
    }
}
