// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title LatchCollection
/// @notice A devnet ERC-721 whose metadata the devnet services server answers at
/// `baseURI + tokenId`; the owner mints ids 1, 2, 3, ... in order.
contract LatchCollection is ERC721, Ownable {
    string private _baseTokenURI;
    uint256 public totalSupply;

    constructor(string memory name_, string memory symbol_, string memory baseURI_)
        ERC721(name_, symbol_)
        Ownable(msg.sender)
    {
        _baseTokenURI = baseURI_;
    }

    /// @notice Mints the next token id to `to` and returns it.
    function mint(address to) external onlyOwner returns (uint256 tokenId) {
        tokenId = ++totalSupply;
        _safeMint(to, tokenId);
    }

    /// @notice Points metadata elsewhere, e.g. after the services server moved to another port.
    function setBaseURI(string calldata baseURI_) external onlyOwner {
        _baseTokenURI = baseURI_;
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }
}
