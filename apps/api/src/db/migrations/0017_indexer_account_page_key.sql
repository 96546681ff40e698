-- History rows are keyed by their page order: an account's transaction is one block and index
-- on one chain, so (account, block time, chain, block, index) is as unique as (account, chain,
-- transaction hash) was. The page index becomes the key and the primary key goes: one index on
-- text fewer for every history row written (two per token transfer), about a fifth of the CPU
-- of writing a busy range on PGlite. A reorg's rollback finds the rows by this key.
CREATE UNIQUE INDEX indexer_account_transactions_page_key ON indexer_account_transactions
  (account, block_timestamp DESC, chain_id DESC, block_number DESC, tx_index DESC);
DROP INDEX indexer_account_transactions_page_idx;
ALTER TABLE indexer_account_transactions DROP CONSTRAINT indexer_account_transactions_pkey;
