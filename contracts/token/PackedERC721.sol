// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice ERC-721 core with packed records, built for random-id mints that are cheap for buyers
///         and for transfers to new wallets that create one storage slot, as a plain ERC-721 does.
/// @dev Storage layout:
///   - `_recordWords[id / 10]`: ten 24-bit records, record of `id` at bits `(id % 10) * 24`:
///       bits 0-1  tier (0 no art yet, 1 Common, 2 Rare, 3 Artist), written with the art;
///       bit  2    the Pix has an approved address in `_tokenApprovals`;
///       bits 3-23 holder index of the owner (0 while unminted).
///     The art upload makes every record word non-zero, so a mint rewrites a non-zero slot
///     (5k gas) instead of filling a fresh one (22k): the deployer pays that once, not buyers.
///   - `_holders[index]`: one word per account: bits 0-159 address, 160-191 balance, 192-223 Pix
///     minted on this chain. An address's index is its home, `2^20 + (keccak256(address) mod 2^20)`:
///     computed, not stored, so the first Pix an address receives creates this one slot and no
///     other. A home, once taken, stays with its address for good (empty accounts included), which
///     is what lets a lookup stop at a free home: that address has never held a Pix.
///   - `_spills[address]`: for an address whose home another address holds (about one new address
///     in a thousand while ~1,000 homes are taken; anyone can also aim a new address at a taken
///     home): bits 0-31 its spill index (1..2^20-1, 0 while it holds no Pix), 32-63 its mint count
///     while it has no spill index (the holder word keeps it otherwise).
///   - `_counts`: bits 0-31 total supply, 32-63 spill indices ever handed out, 64-95 how many of
///     them are free again.
///   - `_freeIndices[k]`: a stack of the spill indices of accounts whose balance fell to zero.
///     Reusing them keeps live spill indices at most the number of holders, so handing Pix from
///     address to address can never run the spill index space out.
///   - `_tokenApprovals[id]`, `_operatorApprovals[owner][operator]`: ERC-721 approvals (the
///     record's bit 2 says whether to read the first, so a transfer of an unapproved Pix skips it).
abstract contract PackedERC721 {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          CONSTANTS                         */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    uint256 internal constant MAX_TOKEN_ID = 9999;
    uint256 internal constant RECORDS_PER_WORD = 10;
    uint256 private constant _RECORD_BITS = 24;
    uint256 private constant _RECORD_MASK = 0xffffff;
    uint256 private constant _APPROVED_BIT = 4;
    uint256 private constant _INDEX_SHIFT = 3;
    /// @dev Homes are 2^20..2^21-1; spill indices 1..2^20-1; both fit the record's 21 bits.
    uint256 private constant _HOME_BASE = 0x100000;
    uint256 private constant _MAX_SPILL_INDEX = 0xfffff;
    uint256 private constant _MASK32 = 0xffffffff;
    uint256 private constant _BALANCE_SHIFT = 160;
    uint256 private constant _MINTED_SHIFT = 192;
    uint256 private constant _SPILL_MINTED_SHIFT = 32;

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
    mapping(uint256 => uint256) private _holders;
    mapping(address => uint256) private _spills;
    uint256 private _counts;
    mapping(uint256 => uint256) private _freeIndices;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                        ERC-721 VIEWS                       */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function ownerOf(uint256 id) public view returns (address) {
        uint256 index = _record(id) >> _INDEX_SHIFT;
        if (index == 0) revert TokenNotMinted(id);
        return address(uint160(_holders[index]));
    }

    function balanceOf(address owner) public view returns (uint256) {
        if (owner == address(0)) revert BalanceQueryForZeroAddress();
        (, uint256 data) = _accountOf(owner);
        return (data >> _BALANCE_SHIFT) & _MASK32;
    }

    /// @notice Pix minted on this chain by `owner` through `mint`, which caps it (transfers don't count).
    function mintedBy(address owner) public view returns (uint256) {
        (, uint256 data) = _accountOf(owner);
        return (data >> _MINTED_SHIFT) & _MASK32;
    }

    function totalSupply() public view returns (uint256) {
        return _counts & _MASK32;
    }

    function getApproved(uint256 id) public view returns (address) {
        uint256 record = _record(id);
        if (record >> _INDEX_SHIFT == 0) revert TokenNotMinted(id);
        return record & _APPROVED_BIT == 0 ? address(0) : _tokenApprovals[id];
    }

    function isApprovedForAll(address owner, address operator) public view returns (bool) {
        return _operatorApprovals[owner][operator];
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                       ERC-721 ACTIONS                      */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function approve(address spender, uint256 id) external {
        uint256 word = _recordWords[id / RECORDS_PER_WORD];
        uint256 shift = (id % RECORDS_PER_WORD) * _RECORD_BITS;
        uint256 index = _checkedRecord(id, word, shift) >> _INDEX_SHIFT;
        if (index == 0) revert TokenNotMinted(id);
        address owner = address(uint160(_holders[index]));
        if (msg.sender != owner && !_operatorApprovals[owner][msg.sender]) revert NotOwnerNorApproved();
        _tokenApprovals[id] = spender;
        uint256 flagged = spender == address(0) ? word & ~(_APPROVED_BIT << shift) : word | (_APPROVED_BIT << shift);
        if (flagged != word) _recordWords[id / RECORDS_PER_WORD] = flagged;
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
        uint256 fromIndex = record >> _INDEX_SHIFT;
        if (fromIndex == 0) revert TokenNotMinted(id);
        uint256 fromData = _holders[fromIndex];
        if (address(uint160(fromData)) != from) revert TransferFromIncorrectOwner();
        _checkCanMove(from, id, record & _APPROVED_BIT != 0);

        _debitAccount(from, fromIndex, fromData);
        (uint256 toIndex,) = _creditAccount(to, 1, 0);
        uint256 moved = (record & 3) | (toIndex << _INDEX_SHIFT);
        _recordWords[id / RECORDS_PER_WORD] = word ^ ((record ^ moved) << shift);
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
    ///      (Common at bit 0, Rare at 8, Artist at 16), for the caller to price, and `to`'s mint
    ///      count after it. Reverts for ids outside 1..9999, ids without art and ids already minted.
    function _mintIds(address to, uint256[] calldata ids, bool countsTowardCap)
        internal
        returns (uint256 tierCounts, uint256 mintedAfter)
    {
        uint256 n = ids.length;
        (uint256 index, uint256 data) = _creditAccount(to, n, countsTowardCap ? n : 0);
        mintedAfter = (data >> _MINTED_SHIFT) & _MASK32;
        for (uint256 i; i < n; ++i) {
            uint256 id = ids[i];
            uint256 shift = (id % RECORDS_PER_WORD) * _RECORD_BITS;
            uint256 word = _recordWords[id / RECORDS_PER_WORD];
            uint256 record = _checkedRecord(id, word, shift);
            uint256 tier = record & 3;
            if (tier == 0) revert TokenNotForSale(id);
            if (record >> _INDEX_SHIFT != 0) revert AlreadyMinted(id);
            _recordWords[id / RECORDS_PER_WORD] = word | (index << (shift + _INDEX_SHIFT));
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

    /// @dev The record of `id`: tier in bits 0-1, approved bit 2, holder index above. Reverts
    ///      outside 1..9999.
    function _record(uint256 id) internal view returns (uint256) {
        return _checkedRecord(id, _recordWords[id / RECORDS_PER_WORD], (id % RECORDS_PER_WORD) * _RECORD_BITS);
    }

    /// @dev Whether `id` has an owner (checked to be in 1..9999 first).
    function _isMinted(uint256 id) internal view returns (bool) {
        return _record(id) >> _INDEX_SHIFT != 0;
    }

    /// @dev The home index of `account` (see the storage layout).
    function _homeOf(address account) internal pure returns (uint256 home) {
        assembly ("memory-safe") {
            mstore(0x00, account)
            home := or(_HOME_BASE, and(keccak256(0x00, 0x20), _MAX_SPILL_INDEX))
        }
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

    /// @dev Reverts unless the sender is `from`, its operator or (when `approved`) the Pix's
    ///      approved address; clears that approval.
    function _checkCanMove(address from, uint256 id, bool approved) private {
        address spender = approved ? _tokenApprovals[id] : address(0);
        if (msg.sender != from && (!approved || msg.sender != spender) && !_operatorApprovals[from][msg.sender]) {
            revert NotOwnerNorApproved();
        }
        if (approved) delete _tokenApprovals[id];
    }

    /// @dev The holder index and word of `account`: its home, its spill index, or (no Pix held
    ///      now) index 0 with only its mint count in the word.
    function _accountOf(address account) private view returns (uint256 index, uint256 data) {
        index = _homeOf(account);
        data = _holders[index];
        if (data == 0 || address(uint160(data)) == account) return (data == 0 ? 0 : index, data);
        uint256 spill = _spills[account];
        index = spill & _MASK32;
        data = index == 0 ? ((spill >> _SPILL_MINTED_SHIFT) << _MINTED_SHIFT) : _holders[index];
    }

    /// @dev Adds `received` to the balance and `minted` to the mint count of `to`, at its home
    ///      when that is free or its own, else at a spill index (a freed one first). Returns the
    ///      index and the account's new word.
    function _creditAccount(address to, uint256 received, uint256 minted) private returns (uint256 index, uint256 data) {
        index = _homeOf(to);
        data = _holders[index];
        if (data == 0) {
            data = uint256(uint160(to));
        } else if (address(uint160(data)) != to) {
            uint256 spill = _spills[to];
            index = spill & _MASK32;
            if (index == 0) {
                index = _takeSpillIndex();
                _spills[to] = index;
                data = uint256(uint160(to)) | ((spill >> _SPILL_MINTED_SHIFT) << _MINTED_SHIFT);
            } else {
                data = _holders[index];
            }
        }
        data += (received << _BALANCE_SHIFT) + (minted << _MINTED_SHIFT);
        _holders[index] = data;
    }

    /// @dev Takes one Pix off the account at `index` (whose word is `data`). A spilled account
    ///      left empty gives its index back and keeps its mint count in `_spills`.
    function _debitAccount(address from, uint256 index, uint256 data) private {
        data -= 1 << _BALANCE_SHIFT;
        if (index < _HOME_BASE && (data >> _BALANCE_SHIFT) & _MASK32 == 0) {
            _spills[from] = ((data >> _MINTED_SHIFT) & _MASK32) << _SPILL_MINTED_SHIFT;
            uint256 counts = _counts;
            _freeIndices[(counts >> 64) & _MASK32] = index;
            _counts = counts + (1 << 64);
            data = 0;
        }
        _holders[index] = data;
    }

    function _takeSpillIndex() private returns (uint256 index) {
        uint256 counts = _counts;
        uint256 free = (counts >> 64) & _MASK32;
        if (free != 0) {
            _counts = counts - (1 << 64);
            return _freeIndices[free - 1];
        }
        index = ((counts >> 32) & _MASK32) + 1;
        if (index > _MAX_SPILL_INDEX) revert OwnerIndexOverflow();
        _counts = counts + (1 << 32);
    }
}

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 id, bytes calldata data)
        external
        returns (bytes4);
}
