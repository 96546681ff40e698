// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title WrappedEther
/// @notice Ether as an ERC-20, in the shape of WETH9: every token is backed one to one by the
/// ether this contract holds, so `totalSupply` is its balance.
contract WrappedEther {
    string public constant name = "Wrapped Ether";
    string public constant symbol = "WETH";
    uint8 public constant decimals = 18;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Deposit(address indexed to, uint256 value);
    event Withdrawal(address indexed from, uint256 value);

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error EtherTransferFailed(address to, uint256 value);

    receive() external payable {
        deposit();
    }

    /// @notice Wraps the ether sent for the caller.
    function deposit() public payable {
        depositTo(msg.sender);
    }

    /// @notice Wraps the ether sent for `to` (lets the faucet hand out WETH in one transaction).
    function depositTo(address to) public payable {
        balanceOf[to] += msg.value;
        emit Deposit(to, msg.value);
        emit Transfer(address(0), to, msg.value);
    }

    /// @notice Burns `value` of the caller's tokens and sends back as much ether.
    function withdraw(uint256 value) external {
        uint256 balance = balanceOf[msg.sender];
        if (balance < value) revert InsufficientBalance(msg.sender, balance, value);
        // State first, then the external call: no reentrancy window.
        balanceOf[msg.sender] = balance - value;
        emit Withdrawal(msg.sender, value);
        emit Transfer(msg.sender, address(0), value);
        (bool ok,) = msg.sender.call{value: value}("");
        if (!ok) revert EtherTransferFailed(msg.sender, value);
    }

    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        return transferFrom(msg.sender, to, value);
    }

    /// @notice Moves tokens; an allowance of type(uint256).max is never spent down, as in WETH9.
    function transferFrom(address from, address to, uint256 value) public returns (bool) {
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        if (from != msg.sender) {
            uint256 allowed = allowance[from][msg.sender];
            if (allowed != type(uint256).max) {
                if (allowed < value) revert InsufficientAllowance(msg.sender, allowed, value);
                allowance[from][msg.sender] = allowed - value;
            }
        }
        balanceOf[from] = balance - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
        return true;
    }
}
