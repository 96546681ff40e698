-- Transactions and transfers keyed by where they are in the chain: a transaction is one block
-- and index on one chain, a transfer one log of it (-1 for the native value). These keys are
-- as unique as the hashes were, hold no text, and begin with the block, so they also serve a
-- reorg's deletes by block: the two indexes by block go. History pages join an item's
-- transaction and transfers by chain, block and index (and check the hash). About a sixth of
-- the CPU of writing a busy range on PGlite.
ALTER TABLE indexer_transactions DROP CONSTRAINT indexer_transactions_pkey;
ALTER TABLE indexer_transactions ADD PRIMARY KEY (chain_id, block_number, tx_index);
DROP INDEX indexer_transactions_block_idx;
ALTER TABLE indexer_transfers DROP CONSTRAINT indexer_transfers_pkey;
ALTER TABLE indexer_transfers ADD PRIMARY KEY (chain_id, block_number, tx_index, log_index);
DROP INDEX indexer_transfers_block_idx;
