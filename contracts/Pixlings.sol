// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "solady/src/utils/ECDSA.sol";
import {EIP712} from "solady/src/utils/EIP712.sol";
import {SafeTransferLib} from "solady/src/utils/SafeTransferLib.sol";
import {OwnableRoles2Step} from "./access/OwnableRoles2Step.sol";
import {ArtStore} from "./art/ArtStore.sol";

/// @title Pixlings (PIX)
/// @notice 9,999 Pix of 9x9 pixels whose art lives on-chain. Wallets mint with a voucher signed
///         by the storefront (which reserves ids across chains); the minter role mints card and
///         freemint sales to the custody address.
/// @dev Storage layout (besides the inherited contracts'):
///   - `_sale`: tier prices in wei, 80 bits each (Common at bit 0, Rare 80, Artist 160);
///              bit 255 minting active.
///   - `_custody`, `_withdrawRecipient`: addresses.
///   - `_royalty`: receiver in bits 0-159, basis points above.
contract Pixlings is OwnableRoles2Step, ArtStore, EIP712 {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          CONSTANTS                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    uint256 public constant ROLE_SIGNER = 1 << 0;
    uint256 public constant ROLE_MINTER = 1 << 1;
    uint256 public constant ROLE_ART_ADMIN = 1 << 2;

    uint256 public constant MAX_PER_TRANSACTION = 10;
    uint256 public constant MAX_PER_WALLET = 10;
    uint256 public constant DROP_SIZE = 1111;
    uint256 public constant ARTIST_PIECES_PER_DROP = 13;

    bytes32 public constant MINT_TYPEHASH = keccak256("Mint(address recipient,uint256[] ids,uint256 deadline)");

    uint256 private constant _PRICE_BITS = 80;
    uint256 private constant _PRICE_MASK = (1 << _PRICE_BITS) - 1;
    uint256 private constant _ACTIVE_BIT = 1 << 255;
    uint256 private constant _MAX_ROYALTY_BPS = 10_000;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       ERRORS & EVENTS                      */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    error MintingPaused();
    error BadQuantity();
    error WalletLimitReached(uint256 mintedAfter);
    error WrongPayment(uint256 expected);
    error VoucherExpired();
    error InvalidVoucher();
    error NotCustody();
    error TierNotAllowed(uint256 id, uint256 tier);
    error PriceTooHigh();
    error RoyaltyTooHigh();

    event TierPricesSet(uint256 common, uint256 rare, uint256 artist);
    event MintingActiveSet(bool active);
    event CustodySet(address indexed custody);
    event WithdrawRecipientSet(address indexed recipient);
    event RoyaltySet(address indexed receiver, uint256 bps);
    event Withdrawn(address indexed recipient, uint256 amount);

    /// @notice Everything a deployment decides; see `scripts/deploy`.
    struct Setup {
        address owner;
        address signer;
        address minter;
        address artAdmin;
        address custody;
        address withdrawRecipient;
        address royaltyReceiver;
        uint96 royaltyBps;
        uint256[3] tierPrices; // Common, Rare, Artist, in wei
        bool mintingActive;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          STORAGE                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    uint256 private _sale;
    address private _custody;
    address private _withdrawRecipient;
    uint256 private _royalty;

    constructor(Setup memory setup) OwnableRoles2Step(setup.owner) {
        _grantRoles(setup.signer, ROLE_SIGNER);
        _grantRoles(setup.minter, ROLE_MINTER);
        _grantRoles(setup.artAdmin, ROLE_ART_ADMIN);
        _setCustody(setup.custody);
        _setWithdrawRecipient(setup.withdrawRecipient);
        _setRoyalty(setup.royaltyReceiver, setup.royaltyBps);
        _setTierPrices(setup.tierPrices[0], setup.tierPrices[1], setup.tierPrices[2]);
        _setMintingActive(setup.mintingActive);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           MINTING                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @notice Mints `ids` to the sender, paying the sum of their tier prices exactly, with a
    ///         voucher (EIP-712 `Mint(recipient, ids, deadline)`) signed by a signer.
    function mint(uint256[] calldata ids, uint256 deadline, bytes calldata signature) external payable {
        uint256 sale = _sale;
        if (sale & _ACTIVE_BIT == 0) revert MintingPaused();
        if (ids.length == 0 || ids.length > MAX_PER_TRANSACTION) revert BadQuantity();
        if (block.timestamp > deadline) revert VoucherExpired();
        address signer = ECDSA.tryRecoverCalldata(_voucherDigest(msg.sender, ids, deadline), signature);
        if (signer == address(0) || !hasAnyRole(signer, ROLE_SIGNER)) revert InvalidVoucher();

        (uint256 tierCounts, uint256 mintedAfter) = _mintIds(msg.sender, ids, true);
        if (mintedAfter > MAX_PER_WALLET) revert WalletLimitReached(mintedAfter);
        uint256 price = _price(sale, tierCounts);
        if (msg.value != price) revert WrongPayment(price);

        if (msg.sender.code.length != 0) {
            for (uint256 i; i < ids.length; ++i) _checkOnERC721Received(address(0), msg.sender, ids[i], "");
        }
    }

    /// @notice Mints card and freemint sales, unpaid, to the custody address only.
    function mintToCustody(address to, uint256[] calldata ids) external onlyRoles(ROLE_MINTER) {
        if (_sale & _ACTIVE_BIT == 0) revert MintingPaused();
        if (to != _custody) revert NotCustody();
        if (ids.length == 0 || ids.length > MAX_PER_TRANSACTION) revert BadQuantity();
        _mintIds(to, ids, false);
    }

    /// @notice The EIP-712 digest a signer signs for a voucher.
    function voucherDigest(address recipient, uint256[] calldata ids, uint256 deadline)
        external
        view
        returns (bytes32)
    {
        return _voucherDigest(recipient, ids, deadline);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                            VIEWS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function name() external pure returns (string memory) {
        return "Pixlings";
    }

    function symbol() external pure returns (string memory) {
        return "PIX";
    }

    function tokenURI(uint256 id) external view returns (string memory) {
        return _tokenURI(id);
    }

    function tierPrices() public view returns (uint256 common, uint256 rare, uint256 artist) {
        uint256 sale = _sale;
        return (sale & _PRICE_MASK, (sale >> _PRICE_BITS) & _PRICE_MASK, (sale >> (2 * _PRICE_BITS)) & _PRICE_MASK);
    }

    function priceOf(uint256 id) external view returns (uint256) {
        uint256 tier = tierOf(id);
        if (tier == 0) revert TokenNotForSale(id);
        return (_sale >> ((tier - 1) * _PRICE_BITS)) & _PRICE_MASK;
    }

    function mintingActive() external view returns (bool) {
        return _sale & _ACTIVE_BIT != 0;
    }

    function custody() external view returns (address) {
        return _custody;
    }

    function withdrawRecipient() external view returns (address) {
        return _withdrawRecipient;
    }

    /// @notice EIP-2981.
    function royaltyInfo(uint256, uint256 salePrice) external view returns (address, uint256) {
        uint256 royalty = _royalty;
        return (address(uint160(royalty)), (salePrice * (royalty >> 160)) / _MAX_ROYALTY_BPS);
    }

    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == 0x2a55205a || super.supportsInterface(interfaceId); // ERC-2981
    }

    function isArtistId(uint256 id) public pure returns (bool) {
        return id != 0 && id <= MAX_TOKEN_ID && _isArtistSlot(id);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         ART ADMIN                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function writeArtChunk(uint256 chunk, bytes calldata tiers, bytes calldata art)
        external
        onlyRoles(ROLE_ART_ADMIN)
    {
        _writeChunk(chunk, tiers, art);
    }

    function replaceArt(uint256 id, bytes calldata art) external onlyRoles(ROLE_ART_ADMIN) {
        _replaceArt(id, art);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                            OWNER                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function setTierPrices(uint256 common, uint256 rare, uint256 artist) external onlyOwner {
        _setTierPrices(common, rare, artist);
    }

    function setMintingActive(bool active) external onlyOwner {
        _setMintingActive(active);
    }

    function setCustody(address custody_) external onlyOwner {
        _setCustody(custody_);
    }

    function setWithdrawRecipient(address recipient) external onlyOwner {
        _setWithdrawRecipient(recipient);
    }

    function setRoyalty(address receiver, uint96 bps) external onlyOwner {
        _setRoyalty(receiver, bps);
    }

    /// @notice Sends the whole balance to the withdraw recipient.
    function withdraw() external onlyOwner {
        uint256 amount = address(this).balance;
        SafeTransferLib.safeTransferETH(_withdrawRecipient, amount);
        emit Withdrawn(_withdrawRecipient, amount);
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          INTERNALS                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("Pixlings", "1");
    }

    function _voucherDigest(address recipient, uint256[] calldata ids, uint256 deadline)
        private
        view
        returns (bytes32)
    {
        bytes32 idsHash = keccak256(abi.encodePacked(ids));
        return _hashTypedData(keccak256(abi.encode(MINT_TYPEHASH, recipient, idsHash, deadline)));
    }

    /// @dev `tierCounts` holds how many ids of each tier, 8 bits per tier (see `_mintIds`).
    function _price(uint256 sale, uint256 tierCounts) private pure returns (uint256 total) {
        for (uint256 t; t < 3; ++t) {
            total += ((tierCounts >> (t << 3)) & 0xff) * ((sale >> (t * _PRICE_BITS)) & _PRICE_MASK);
        }
    }

    /// @dev For ids already known to be in 1..9999 (the art upload checks every id of a chunk).
    function _isArtistSlot(uint256 id) private pure returns (bool) {
        unchecked {
            return (id - 1) % DROP_SIZE < ARTIST_PIECES_PER_DROP;
        }
    }

    function _checkTier(uint256 id, uint256 tier) internal pure override {
        bool allowed = _isArtistSlot(id) ? tier == 3 : (tier == 1 || tier == 2);
        if (!allowed) revert TierNotAllowed(id, tier);
    }

    function _setTierPrices(uint256 common, uint256 rare, uint256 artist) private {
        if ((common | rare | artist) > _PRICE_MASK) revert PriceTooHigh();
        _sale = (_sale & _ACTIVE_BIT) | common | (rare << _PRICE_BITS) | (artist << (2 * _PRICE_BITS));
        emit TierPricesSet(common, rare, artist);
    }

    function _setMintingActive(bool active) private {
        _sale = active ? _sale | _ACTIVE_BIT : _sale & ~_ACTIVE_BIT;
        emit MintingActiveSet(active);
    }

    function _setCustody(address custody_) private {
        if (custody_ == address(0)) revert ZeroAddress();
        _custody = custody_;
        emit CustodySet(custody_);
    }

    function _setWithdrawRecipient(address recipient) private {
        if (recipient == address(0)) revert ZeroAddress();
        _withdrawRecipient = recipient;
        emit WithdrawRecipientSet(recipient);
    }

    function _setRoyalty(address receiver, uint96 bps) private {
        if (receiver == address(0)) revert ZeroAddress();
        if (bps > _MAX_ROYALTY_BPS) revert RoyaltyTooHigh();
        _royalty = uint256(uint160(receiver)) | (uint256(bps) << 160);
        emit RoyaltySet(receiver, bps);
    }
}
