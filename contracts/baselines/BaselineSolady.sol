// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721} from "solady/src/tokens/ERC721.sol";
import {Ownable} from "solady/src/auth/Ownable.sol";
import {EIP712} from "solady/src/utils/EIP712.sol";
import {ECDSA} from "solady/src/utils/ECDSA.sol";
import {Base64} from "solady/src/utils/Base64.sol";
import {LibString} from "solady/src/utils/LibString.sol";
import {SafeTransferLib} from "solady/src/utils/SafeTransferLib.sol";
import {SSTORE2} from "solady/src/utils/SSTORE2.sol";

/// @title BaselineSolady — gas benchmark baseline, not for deployment
/// @notice Pixlings' sale rules written plainly on Solady's ERC721, EIP712 and ECDSA, with the art
///         stored the plain way. `scripts/bench/gas.ts` measures Pixlings against it; the
///         benchmark's ratio targets are relative to this contract.
/// @dev Art chunk `c` holds ids max(1, 256c)..min(9999, 256c + 255) in one SSTORE2 pointer:
///      [P: palette size] [P x RGB] [81 bytes a piece: one palette index per pixel, row-major].
contract BaselineSolady is ERC721, Ownable, EIP712 {
    using LibString for uint256;

    uint256 public constant MAX_TOKEN_ID = 9999;
    uint256 public constant MAX_PER_TRANSACTION = 10;
    uint256 public constant MAX_PER_WALLET = 10;
    uint256 private constant _PIXELS = 81;
    bytes32 public constant MINT_TYPEHASH = keccak256("Mint(address recipient,uint256[] ids,uint256 deadline)");

    error MintingPaused();
    error BadQuantity();
    error VoucherExpired();
    error InvalidVoucher();
    error WalletLimitReached();
    error TokenNotForSale(uint256 id);
    error WrongPayment(uint256 expected);
    error ChunkOutOfRange(uint256 chunk);
    error ChunkAlreadyWritten(uint256 chunk);
    error InvalidArt();

    address public signer;
    bool public mintingActive;
    uint256 public totalSupply;
    mapping(address => uint256) public mintedBy;
    mapping(uint256 => uint8) public tierOf;
    mapping(uint256 => uint256) public tierPrice;
    mapping(uint256 => address) public chunks;

    constructor(address signer_, uint256[3] memory prices) {
        _initializeOwner(msg.sender);
        signer = signer_;
        mintingActive = true;
        for (uint256 t; t < 3; ++t) tierPrice[t + 1] = prices[t];
    }

    /// @notice Mints `ids` to the sender with a voucher `Mint(recipient, ids, deadline)` from `signer`.
    function mint(uint256[] calldata ids, uint256 deadline, bytes calldata signature) external payable {
        if (!mintingActive) revert MintingPaused();
        uint256 n = ids.length;
        if (n == 0 || n > MAX_PER_TRANSACTION) revert BadQuantity();
        if (block.timestamp > deadline) revert VoucherExpired();
        bytes32 structHash = keccak256(abi.encode(MINT_TYPEHASH, msg.sender, keccak256(abi.encodePacked(ids)), deadline));
        if (ECDSA.recoverCalldata(_hashTypedData(structHash), signature) != signer) revert InvalidVoucher();

        uint256 minted = mintedBy[msg.sender] + n;
        if (minted > MAX_PER_WALLET) revert WalletLimitReached();
        mintedBy[msg.sender] = minted;

        uint256 price;
        for (uint256 i; i < n; ++i) {
            uint256 id = ids[i];
            uint256 tier = tierOf[id];
            if (tier == 0) revert TokenNotForSale(id);
            price += tierPrice[tier];
            _mint(msg.sender, id);
        }
        if (msg.value != price) revert WrongPayment(price);
        totalSupply += n;
    }

    function name() public pure override returns (string memory) {
        return "Baseline Solady";
    }

    function symbol() public pure override returns (string memory) {
        return "BSOL";
    }

    /*                          ART                               */

    function chunkRange(uint256 chunk) public pure returns (uint256 firstId, uint256 lastId) {
        if (chunk > MAX_TOKEN_ID >> 8) revert ChunkOutOfRange(chunk);
        firstId = chunk == 0 ? 1 : chunk << 8;
        lastId = (chunk << 8) | 255;
        if (lastId > MAX_TOKEN_ID) lastId = MAX_TOKEN_ID;
    }

    /// @notice Stores chunk `chunk`'s art (layout above) and writes each id's tier (1..3).
    function writeArtChunk(uint256 chunk, bytes calldata tiers, bytes calldata art) external onlyOwner {
        (uint256 firstId, uint256 lastId) = chunkRange(chunk);
        if (chunks[chunk] != address(0)) revert ChunkAlreadyWritten(chunk);
        uint256 count = lastId - firstId + 1;
        if (tiers.length != count || art.length == 0) revert InvalidArt();
        if (art.length != 1 + uint256(uint8(art[0])) * 3 + count * _PIXELS) revert InvalidArt();
        chunks[chunk] = SSTORE2.write(art);
        for (uint256 i; i < count; ++i) {
            uint8 tier = uint8(tiers[i]);
            if (tier == 0 || tier > 3) revert InvalidArt();
            tierOf[firstId + i] = tier;
        }
    }

    function tokenURI(uint256 id) public view override returns (string memory) {
        if (!_exists(id)) revert TokenDoesNotExist();
        string memory svg = _svg(id);
        string memory json = string.concat(
            '{"name":"Pix #',
            id.toString(),
            '","description":"Pixlings Pix #',
            id.toString(),
            ': 9x9 pixels, stored on-chain.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(svg)),
            '","attributes":[{"trait_type":"Tier","value":"',
            _tierName(tierOf[id]),
            '"}]}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    /// @dev One rect per pixel.
    function _svg(uint256 id) private view returns (string memory svg) {
        (uint256 firstId,) = chunkRange(id >> 8);
        address pointer = chunks[id >> 8];
        uint256 paletteSize = uint8(SSTORE2.read(pointer, 0, 1)[0]);
        bytes memory palette = SSTORE2.read(pointer, 1, 1 + paletteSize * 3);
        uint256 start = 1 + paletteSize * 3 + (id - firstId) * _PIXELS;
        bytes memory pixels = SSTORE2.read(pointer, start, start + _PIXELS);
        svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9" shape-rendering="crispEdges">';
        for (uint256 i; i < _PIXELS; ++i) {
            uint256 at = uint256(uint8(pixels[i])) * 3;
            uint256 rgb = (uint256(uint8(palette[at])) << 16) | (uint256(uint8(palette[at + 1])) << 8)
                | uint256(uint8(palette[at + 2]));
            svg = string.concat(
                svg,
                '<rect x="',
                (i % 9).toString(),
                '" y="',
                (i / 9).toString(),
                '" width="1" height="1" fill="#',
                rgb.toHexStringNoPrefix(3),
                '"/>'
            );
        }
        svg = string.concat(svg, "</svg>");
    }

    function _tierName(uint256 tier) private pure returns (string memory) {
        if (tier == 1) return "Common";
        if (tier == 2) return "Rare";
        return "Artist";
    }

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("Baseline Solady", "1");
    }

    /*                          ADMIN                             */

    function setSigner(address signer_) external onlyOwner {
        signer = signer_;
    }

    function setMintingActive(bool active) external onlyOwner {
        mintingActive = active;
    }

    function setTierPrice(uint256 tier, uint256 price) external onlyOwner {
        tierPrice[tier] = price;
    }

    function withdraw() external onlyOwner {
        SafeTransferLib.safeTransferETH(owner(), address(this).balance);
    }
}
