// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IdRegistry
/// @notice A devnet stand-in for Farcaster's IdRegistry (Optimism): it maps Farcaster ids
/// (FIDs) to their custody addresses with the same read functions and `Register` event, so
/// that Sign In With Farcaster checks a signer exactly as it does against the real one. Only
/// the owner registers; ids count from 1; an address holds at most one id.
contract IdRegistry {
    address public immutable owner;
    uint256 public idCounter;

    /// @notice The id whose custody address is `owner`, or 0.
    mapping(address owner => uint256 fid) public idOf;
    /// @notice The custody address of `fid`, or the zero address.
    mapping(uint256 fid => address custody) public custodyOf;
    /// @notice The recovery address of `fid` (kept for the real registry's shape).
    mapping(uint256 fid => address recovery) public recoveryOf;

    /// @dev As the real registry's: the custody address, the new id and its recovery address.
    event Register(address indexed to, uint256 indexed id, address recovery);

    error Unauthorized();
    error HasId();
    error InvalidAddress();

    constructor() {
        owner = msg.sender;
    }

    /// @notice Gives the next id to `custody` (with `recovery`) and returns it.
    function register(address custody, address recovery) external returns (uint256 fid) {
        if (msg.sender != owner) revert Unauthorized();
        if (custody == address(0)) revert InvalidAddress();
        if (idOf[custody] != 0) revert HasId();
        fid = ++idCounter;
        idOf[custody] = fid;
        custodyOf[fid] = custody;
        recoveryOf[fid] = recovery;
        emit Register(custody, fid, recovery);
    }
}
