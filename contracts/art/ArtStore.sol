// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SSTORE2} from "solady/src/utils/SSTORE2.sol";
import {PackedERC721} from "../token/PackedERC721.sol";
import {ArtCodec} from "./ArtCodec.sol";
import {ArtRenderer} from "./ArtRenderer.sol";

/// @notice The pixels of every Pix, on-chain: chunks of 250 ids in SSTORE2 contracts, written
///         once each by the art admin, plus single-piece replacements while a Pix is unminted.
/// @dev Storage layout:
///   - `_chunks[c]`: SSTORE2 pointer of chunk `c`, which holds ids max(1, 250c)..min(9999, 250c+249).
///   - `_replacements[id]`: SSTORE2 pointer of a one-piece blob that replaced the chunk's piece.
abstract contract ArtStore is PackedERC721 {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          CONSTANTS                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev A multiple of the 10 records a storage word holds, so chunks never share a word.
    uint256 internal constant CHUNK_SIZE = 250;
    uint256 internal constant CHUNK_COUNT = MAX_TOKEN_ID / CHUNK_SIZE + 1;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       ERRORS & EVENTS                      */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    error ChunkOutOfRange(uint256 chunk);
    error ChunkAlreadyWritten(uint256 chunk);
    error TiersLengthMismatch(uint256 expected);
    error ArtFrozen(uint256 id);

    /// @notice Art for `tiers.length` ids from `firstId` on: a chunk, or one replaced piece.
    ///         `art` is the blob as stored, so an indexer needs no further calls.
    event ArtWritten(uint256 indexed firstId, bytes tiers, bytes art);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          STORAGE                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    mapping(uint256 => address) private _chunks;
    mapping(uint256 => address) private _replacements;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                            VIEWS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice The ids of chunk `chunk`, first and last inclusive.
    function chunkRange(uint256 chunk) public pure returns (uint256 firstId, uint256 lastId) {
        if (chunk >= CHUNK_COUNT) revert ChunkOutOfRange(chunk);
        firstId = chunk == 0 ? 1 : chunk * CHUNK_SIZE;
        lastId = chunk * CHUNK_SIZE + CHUNK_SIZE - 1;
        if (lastId > MAX_TOKEN_ID) lastId = MAX_TOKEN_ID;
    }

    function isChunkWritten(uint256 chunk) public view returns (bool) {
        chunkRange(chunk);
        return _chunks[chunk] != address(0);
    }

    /// @notice 0 until the art of `id` is written, then 1 Common, 2 Rare or 3 Artist.
    function tierOf(uint256 id) public view returns (uint256) {
        return _record(id) & 3;
    }

    /// @notice The art of `id` as a standalone one-piece blob (palette = the piece's colours).
    function artOf(uint256 id) external view returns (bytes memory out) {
        (bytes memory blob, uint256 at) = _locate(id);
        ArtCodec.Piece memory p = ArtCodec.decode(blob, at);
        uint256 length = ArtCodec.pieceLength(uint8(blob[at]));
        uint256 start = 1 + p.colors * 3;
        out = new bytes(start + length);
        out[0] = bytes1(uint8(p.colors));
        for (uint256 i; i < length; ++i) out[start + i] = blob[at + i];
        for (uint256 c; c < p.colors; ++c) {
            out[1 + c * 3] = bytes1(uint8(p.rgb[c] >> 16));
            out[2 + c * 3] = bytes1(uint8(p.rgb[c] >> 8));
            out[3 + c * 3] = bytes1(uint8(p.rgb[c]));
            out[start + 1 + c] = bytes1(uint8(c));
        }
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       ART ADMIN ACTIONS                    */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Writes chunk `chunk`: one tier byte per id and the blob of their pieces in id order.
    function _writeChunk(uint256 chunk, bytes calldata tiers, bytes calldata art) internal {
        (uint256 firstId, uint256 lastId) = chunkRange(chunk);
        if (_chunks[chunk] != address(0)) revert ChunkAlreadyWritten(chunk);
        if (tiers.length != lastId - firstId + 1) revert TiersLengthMismatch(lastId - firstId + 1);
        ArtCodec.checkLayout(art, tiers.length);
        _chunks[chunk] = SSTORE2.write(art);
        _initRecords(firstId, tiers);
        emit ArtWritten(firstId, tiers, art);
    }

    /// @dev Replaces the art of an unminted `id` with a standalone one-piece blob.
    function _replaceArt(uint256 id, bytes calldata art) internal {
        uint256 tier = _record(id) & 3;
        if (tier == 0) revert TokenNotForSale(id);
        if (_isMinted(id)) revert ArtFrozen(id);
        ArtCodec.checkLayout(art, 1);
        ArtCodec.decode(art, 1 + uint256(uint8(art[0])) * 3);
        _replacements[id] = SSTORE2.write(art);
        emit ArtWritten(id, abi.encodePacked(uint8(tier)), art);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          INTERNALS                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function _tokenURI(uint256 id) internal view returns (string memory) {
        if (!_isMinted(id)) revert TokenNotMinted(id);
        return ArtRenderer.tokenURI(id, _record(id) & 3, _piece(id));
    }

    function _piece(uint256 id) internal view returns (ArtCodec.Piece memory) {
        (bytes memory blob, uint256 at) = _locate(id);
        return ArtCodec.decode(blob, at);
    }

    function _locate(uint256 id) private view returns (bytes memory blob, uint256 at) {
        if (_record(id) & 3 == 0) revert TokenNotForSale(id);
        address replaced = _replacements[id];
        if (replaced != address(0)) {
            blob = SSTORE2.read(replaced);
            return (blob, ArtCodec.locate(blob, 0));
        }
        uint256 chunk = id / CHUNK_SIZE;
        blob = SSTORE2.read(_chunks[chunk]);
        (uint256 firstId,) = chunkRange(chunk);
        at = ArtCodec.locate(blob, id - firstId);
    }
}
