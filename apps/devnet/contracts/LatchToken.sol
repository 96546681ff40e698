// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title LatchToken
/// @notice A devnet ERC-20 with configurable decimals whose owner (the devnet faucet) mints freely.
contract LatchToken is ERC20, Ownable {
    uint8 private immutable _tokenDecimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        ERC20(name_, symbol_)
        Ownable(msg.sender)
    {
        _tokenDecimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    /// @notice Creates `amount` base units for `to`; devnet only, hence no supply cap.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
