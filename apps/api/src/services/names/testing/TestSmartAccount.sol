// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A one-owner ERC-1271 account for the names tests: a signature is valid when the owner signed
/// the hash itself (no prefix added). Deployed through the CREATE2 deployer so that an ERC-6492
/// signature can name it before it exists.
contract TestSmartAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
