// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice ERC-721 core with packed records, built for random-id mints that are cheap for buyers.
/// @dev Storage layout:
///   - `_recordWords[id / 10]`: ten 24-bit records, record of `id` at bits `(id % 10) * 24`:
///       bits 0-1  tier (0 no art yet, 1 Common, 2 Rare, 3 Artist), written with the art;
///       bits 2-23 owner index (0 while unminted).
///     The art upload makes every record word non-zero, so a mint rewrites a non-zero slot
///     (5k gas) instead of filling a fresh one (22k): the deployer pays that once, not buyers.
///   - `_accounts[address]`: bits 0-31 owner index, 32-63 balance, 64-95 mints on this chain.
///   - `_ownerByIndex[index]`: the address behind an owner index (assigned on first receipt).
///   - `_counts`: bits 0-31 total supply, 32-63 owner indices ever handed out, 64-95 how many
///     of them are free again.
///   - `_freeIndices[k]`: a stack of the indices of accounts whose balance fell to zero. Reusing
///     them keeps live indices at most the number of holders, so handing Pix from address to
///     address can never run the 22-bit index space out.
abstract contract PackedERC721 {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          CONSTANTS                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    uint256 internal constant MAX_TOKEN_ID = 9999;
    uint256 internal constant RECORDS_PER_WORD = 10;
    uint256 private constant _RECORD_BITS = 24;
    uint256 private constant _RECORD_MASK = 0xffffff;
    uint256 private constant _MASK32 = 0xffffffff;
    uint256 private constant _MAX_OWNER_INDEX = (1 << 22) - 1;
    uint256 private constant _BALANCE_SHIFT = 32;
    uint256 private constant _MINTED_SHIFT = 64;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           ERRORS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    error TokenOutOfRange(uint256 id);
    error TokenNotMinted(uint256 id);
    error TokenNotForSale(uint256 id);
    error AlreadyMinted(uint256 id);
    error NotOwnerNorApproved();
    error TransferFromIncorrectOwner();
    error TransferToZeroAddress();
    error TransferToNonERC721Receiver();
    error BalanceQueryForZeroAddress();
    error OwnerIndexOverflow();

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           EVENTS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    event Transfer(address indexed from, address indexed to, uint256 indexed id);
    event Approval(address indexed owner, address indexed approved, uint256 indexed id);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          STORAGE                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    mapping(uint256 => uint256) private _recordWords;
    mapping(address => uint256) private _accounts;
    mapping(uint256 => address) private _ownerByIndex;
    uint256 private _counts;
    mapping(uint256 => uint256) private _freeIndices;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        ERC-721 VIEWS                       */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function ownerOf(uint256 id) public view returns (address) {
        uint256 index = _record(id) >> 2;
        if (index == 0) revert TokenNotMinted(id);
        return _ownerByIndex[index];
    }

    function balanceOf(address owner) public view returns (uint256) {
        if (owner == address(0)) revert BalanceQueryForZeroAddress();
        return (_accounts[owner] >> _BALANCE_SHIFT) & _MASK32;
    }

    /// @notice Pix minted on this chain by `owner` through `mint`, which caps it (transfers don't count).
    function mintedBy(address owner) public view returns (uint256) {
        return (_accounts[owner] >> _MINTED_SHIFT) & _MASK32;
    }

    function totalSupply() public view returns (uint256) {
        return _counts & _MASK32;
    }

    function getApproved(uint256 id) public view returns (address) {
        ownerOf(id);
        return _tokenApprovals[id];
    }

    function isApprovedForAll(address owner, address operator) public view returns (bool) {
        return _operatorApprovals[owner][operator];
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       ERC-721 ACTIONS                      */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function approve(address spender, uint256 id) external {
        address owner = ownerOf(id);
        if (msg.sender != owner && !_operatorApprovals[owner][msg.sender]) revert NotOwnerNorApproved();
        _tokenApprovals[id] = spender;
        emit Approval(owner, spender, id);
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 id) public {
        if (to == address(0)) revert TransferToZeroAddress();
        uint256 word = _recordWords[id / RECORDS_PER_WORD];
        uint256 shift = (id % RECORDS_PER_WORD) * _RECORD_BITS;
        uint256 record = _checkedRecord(id, word, shift);
        uint256 fromAccount = _accounts[from];
        if (record >> 2 == 0) revert TokenNotMinted(id);
        if (record >> 2 != fromAccount & _MASK32) revert TransferFromIncorrectOwner();
        _checkCanMove(from, id);

        _debitAccount(from, fromAccount);
        uint256 toIndex = _creditAccount(to, 1, 0);
        _recordWords[id / RECORDS_PER_WORD] = word ^ (((record >> 2) ^ toIndex) << (shift + 2));
        emit Transfer(from, to, id);
    }

    function safeTransferFrom(address from, address to, uint256 id) external {
        safeTransferFrom(from, to, id, "");
    }

    function safeTransferFrom(address from, address to, uint256 id, bytes memory data) public {
        transferFrom(from, to, id);
        _checkOnERC721Received(from, to, id, data);
    }

    function supportsInterface(bytes4 interfaceId) public view virtual returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f; // ERC-721 Metadata
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                      INTERNAL: MINTING                     */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Mints `ids` to `to`. Returns the tiers found as counts packed 8 bits each
    ///      (Common at bit 0, Rare at 8, Artist at 16), for the caller to price.
    ///      Reverts for ids outside 1..9999, ids without art and ids already minted.
    function _mintIds(address to, uint256[] calldata ids, bool countsTowardCap)
        internal
        returns (uint256 tierCounts, uint256 mintedAfter)
    {
        uint256 n = ids.length;
        uint256 index = _creditAccount(to, n, countsTowardCap ? n : 0);
        mintedAfter = (_accounts[to] >> _MINTED_SHIFT) & _MASK32;
        for (uint256 i; i < n; ++i) {
            uint256 id = ids[i];
            uint256 shift = (id % RECORDS_PER_WORD) * _RECORD_BITS;
            uint256 word = _recordWords[id / RECORDS_PER_WORD];
            uint256 record = _checkedRecord(id, word, shift);
            uint256 tier = record & 3;
            if (tier == 0) revert TokenNotForSale(id);
            if (record >> 2 != 0) revert AlreadyMinted(id);
            _recordWords[id / RECORDS_PER_WORD] = word | (index << (shift + 2));
            tierCounts += 1 << ((tier - 1) << 3);
            emit Transfer(address(0), to, id);
        }
        _counts += n;
    }

    /// @dev Writes the records of ids that have none yet (a fresh art chunk), one byte of
    ///      `tiers` per id from `firstId` on, each checked by `_checkTier`. The range must cover
    ///      whole record words (it starts at 1 or a multiple of 10 and ends at one or at 9999).
    function _initRecords(uint256 firstId, bytes calldata tiers) internal {
        uint256 end = firstId + tiers.length;
        uint256 word;
        for (uint256 id = firstId; id < end;) {
            uint256 tier;
            assembly ("memory-safe") {
                tier := byte(0, calldataload(add(tiers.offset, sub(id, firstId))))
            }
            _checkTier(id, tier);
            word |= tier << ((id % RECORDS_PER_WORD) * _RECORD_BITS);
            unchecked {
                ++id;
            }
            if (id % RECORDS_PER_WORD == 0 || id == end) {
                _recordWords[(id - 1) / RECORDS_PER_WORD] = word;
                word = 0;
            }
        }
    }

    /// @dev Reverts unless `tier` (1 Common, 2 Rare, 3 Artist) is allowed for `id`.
    function _checkTier(uint256 id, uint256 tier) internal pure virtual;

    /// @dev The record of `id`: tier in bits 0-1, owner index above. Reverts outside 1..9999.
    function _record(uint256 id) internal view returns (uint256) {
        return _checkedRecord(id, _recordWords[id / RECORDS_PER_WORD], (id % RECORDS_PER_WORD) * _RECORD_BITS);
    }

    function _checkOnERC721Received(address from, address to, uint256 id, bytes memory data) internal {
        if (to.code.length == 0) return;
        try IERC721Receiver(to).onERC721Received(msg.sender, from, id, data) returns (bytes4 selector) {
            if (selector != IERC721Receiver.onERC721Received.selector) revert TransferToNonERC721Receiver();
        } catch (bytes memory reason) {
            if (reason.length == 0) revert TransferToNonERC721Receiver();
            assembly ("memory-safe") {
                revert(add(reason, 0x20), mload(reason))
            }
        }
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                      PRIVATE HELPERS                       */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function _checkedRecord(uint256 id, uint256 word, uint256 shift) private pure returns (uint256) {
        unchecked {
            if (id - 1 >= MAX_TOKEN_ID) revert TokenOutOfRange(id);
        }
        return (word >> shift) & _RECORD_MASK;
    }

    function _checkCanMove(address from, uint256 id) private {
        address approved = _tokenApprovals[id];
        if (msg.sender != from && msg.sender != approved && !_operatorApprovals[from][msg.sender]) {
            revert NotOwnerNorApproved();
        }
        if (approved != address(0)) delete _tokenApprovals[id];
    }

    /// @dev Adds `received` to the balance and `minted` to the mint count of `to`, giving it an
    ///      owner index (a freed one first) when it has none. Returns the index.
    function _creditAccount(address to, uint256 received, uint256 minted) private returns (uint256 index) {
        uint256 account = _accounts[to];
        index = account & _MASK32;
        if (index == 0) {
            index = _takeIndex();
            _ownerByIndex[index] = to;
            account |= index;
        }
        _accounts[to] = account + (received << _BALANCE_SHIFT) + (minted << _MINTED_SHIFT);
    }

    /// @dev Takes one Pix off `from`'s balance; an account left empty gives its index back.
    function _debitAccount(address from, uint256 account) private {
        account -= 1 << _BALANCE_SHIFT;
        if ((account >> _BALANCE_SHIFT) & _MASK32 == 0) {
            uint256 counts = _counts;
            uint256 free = (counts >> 64) & _MASK32;
            _freeIndices[free] = account & _MASK32;
            _counts = counts + (1 << 64);
            account &= ~_MASK32;
        }
        _accounts[from] = account;
    }

    function _takeIndex() private returns (uint256 index) {
        uint256 counts = _counts;
        uint256 free = (counts >> 64) & _MASK32;
        if (free != 0) {
            _counts = counts - (1 << 64);
            return _freeIndices[free - 1];
        }
        index = ((counts >> 32) & _MASK32) + 1;
        if (index > _MAX_OWNER_INDEX) revert OwnerIndexOverflow();
        _counts = counts + (1 << 32);
    }
}

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 id, bytes calldata data)
        external
        returns (bytes4);
}
