-- The chain indexer (apps/api/src/indexer): blocks, transactions and transfers of every
-- served chain, written by one indexer per chain and read by the history and NFT routes.
-- Addresses and hashes are stored lowercase; amounts and token ids as decimal numbers.

-- Per chain: the last block written in full, and where indexing began.
CREATE TABLE indexer_checkpoints (
  chain_id bigint PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  start_block bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The recent blocks (hash, parent) the reorg check walks back through; older ones are pruned.
CREATE TABLE indexer_blocks (
  chain_id bigint NOT NULL,
  number bigint NOT NULL,
  hash text NOT NULL,
  parent_hash text NOT NULL,
  timestamp bigint NOT NULL,
  PRIMARY KEY (chain_id, number)
);

-- Every mined transaction; `status` from the block's receipts.
CREATE TABLE indexer_transactions (
  chain_id bigint NOT NULL,
  hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  block_timestamp bigint NOT NULL,
  from_address text NOT NULL,
  -- null for a contract creation (then `created_contract` holds the new address when known)
  to_address text,
  created_contract text,
  nonce bigint NOT NULL,
  value numeric(78, 0) NOT NULL,
  -- the first four bytes of the input, null when there is none
  method_id text,
  status text NOT NULL CHECK (status IN ('confirmed', 'failed')),
  PRIMARY KEY (chain_id, hash)
);

CREATE INDEX indexer_transactions_block_idx ON indexer_transactions (chain_id, block_number);

-- Asset movements: the native coin (log_index -1), ERC-20 and ERC-721 Transfer logs.
CREATE TABLE indexer_transfers (
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('native', 'erc20', 'erc721')),
  -- the token contract; the zero address for the native coin
  contract text NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  -- base units; 1 for an ERC-721
  amount numeric(78, 0) NOT NULL,
  -- decimal string, ERC-721 only
  token_id text,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);

CREATE INDEX indexer_transfers_block_idx ON indexer_transfers (chain_id, block_number);
-- A reorg forgets the metadata of contracts no transfer names any more.
CREATE INDEX indexer_transfers_contract_idx ON indexer_transfers (chain_id, contract);
CREATE INDEX indexer_transfers_nft_to_idx ON indexer_transfers (to_address, chain_id)
  WHERE kind = 'erc721';
CREATE INDEX indexer_transfers_nft_token_idx ON indexer_transfers (chain_id, contract, token_id)
  WHERE kind = 'erc721';

-- One row per (account, transaction) it took part in: the sender, a native recipient, and
-- both sides of every transfer. History pages are keyset scans of this table.
CREATE TABLE indexer_account_transactions (
  account text NOT NULL,
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  block_timestamp bigint NOT NULL,
  PRIMARY KEY (account, chain_id, tx_hash)
);

CREATE INDEX indexer_account_transactions_page_idx ON indexer_account_transactions
  (account, block_timestamp DESC, chain_id DESC, block_number DESC, tx_index DESC);
CREATE INDEX indexer_account_transactions_block_idx ON indexer_account_transactions
  (chain_id, block_number);

-- Token and collection metadata, read once per contract.
CREATE TABLE indexer_tokens (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('erc20', 'erc721')),
  name text,
  symbol text,
  decimals integer,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);

-- ERC-721 metadata fetched from tokenURI by the API; failures are kept briefly too.
CREATE TABLE nft_metadata (
  chain_id bigint NOT NULL,
  contract text NOT NULL,
  token_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('ok', 'failed')),
  token_uri text,
  name text,
  description text,
  image_url text,
  error text,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, contract, token_id)
);
