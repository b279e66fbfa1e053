// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Two-step ownership plus role bits per address.
/// @dev The owner grants and revokes roles; a new owner must accept before the handover is done.
abstract contract OwnableRoles2Step {
    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           ERRORS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    error Unauthorized();
    error NotPendingOwner();
    error ZeroAddress();

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           EVENTS                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    event RolesUpdated(address indexed user, uint256 indexed roles);

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                          STORAGE                           */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    /// @dev Slot: the owner.
    address private _owner;
    /// @dev Slot: the address that may accept ownership, or zero.
    address private _pendingOwner;
    /// @dev Slot: role bits per address. Address zero never holds a role.
    mapping(address => uint256) private _roles;

    constructor(address initialOwner) {
        if (initialOwner == address(0)) revert ZeroAddress();
        _owner = initialOwner;
        emit OwnershipTransferred(address(0), initialOwner);
    }

    modifier onlyOwner() {
        if (msg.sender != _owner) revert Unauthorized();
        _;
    }

    modifier onlyRoles(uint256 roles) {
        if (_roles[msg.sender] & roles == 0) revert Unauthorized();
        _;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                         OWNERSHIP                          */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function owner() public view returns (address) {
        return _owner;
    }

    function pendingOwner() public view returns (address) {
        return _pendingOwner;
    }

    /// @notice Starts a handover; zero cancels a pending one.
    function transferOwnership(address newOwner) external onlyOwner {
        _pendingOwner = newOwner;
        emit OwnershipTransferStarted(msg.sender, newOwner);
    }

    function acceptOwnership() external {
        if (msg.sender != _pendingOwner) revert NotPendingOwner();
        emit OwnershipTransferred(_owner, msg.sender);
        _owner = msg.sender;
        delete _pendingOwner;
    }

    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/
    /*                           ROLES                            */
    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/

    function rolesOf(address user) public view returns (uint256) {
        return _roles[user];
    }

    function hasAnyRole(address user, uint256 roles) public view returns (bool) {
        return _roles[user] & roles != 0;
    }

    function grantRoles(address user, uint256 roles) external onlyOwner {
        _grantRoles(user, roles);
    }

    function revokeRoles(address user, uint256 roles) external onlyOwner {
        _setRoles(user, _roles[user] & ~roles);
    }

    function renounceRoles(uint256 roles) external {
        _setRoles(msg.sender, _roles[msg.sender] & ~roles);
    }

    function _grantRoles(address user, uint256 roles) internal {
        if (user == address(0)) revert ZeroAddress();
        _setRoles(user, _roles[user] | roles);
    }

    function _setRoles(address user, uint256 roles) private {
        _roles[user] = roles;
        emit RolesUpdated(user, roles);
    }
}
