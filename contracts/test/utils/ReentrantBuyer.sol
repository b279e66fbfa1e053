// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Pixlings} from "../../Pixlings.sol";

/// @notice A contract wallet that, when it receives its first Pix, mints again from inside
///         `onERC721Received` with a second voucher it was given.
contract ReentrantBuyer {
    Pixlings internal immutable pix;
    uint256[] internal nextIds;
    uint256 internal nextDeadline;
    bytes internal nextSignature;
    uint256 internal nextPrice;
    bool internal reentered;

    constructor(Pixlings pix_) {
        pix = pix_;
    }

    function prepareReentry(uint256[] calldata ids, uint256 deadline, bytes calldata sig, uint256 price) external {
        nextIds = ids;
        nextDeadline = deadline;
        nextSignature = sig;
        nextPrice = price;
    }

    function buy(uint256[] calldata ids, uint256 deadline, bytes calldata sig) external payable {
        pix.mint{value: msg.value - nextPrice}(ids, deadline, sig);
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        if (!reentered && nextIds.length != 0) {
            reentered = true;
            pix.mint{value: nextPrice}(nextIds, nextDeadline, nextSignature);
        }
        return this.onERC721Received.selector;
    }
}

/// @notice A contract that cannot hold ERC-721 tokens.
contract NotAReceiver {
    function buy(Pixlings pix, uint256[] calldata ids, uint256 deadline, bytes calldata sig) external payable {
        pix.mint{value: msg.value}(ids, deadline, sig);
    }
}

/// @notice A contract whose `onERC721Received` answers with the wrong value.
contract WrongSelectorReceiver {
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return 0xdeadbeef;
    }
}
