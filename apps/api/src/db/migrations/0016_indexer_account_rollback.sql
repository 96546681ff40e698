-- A reorg's rollback finds the account rows of the dropped blocks through their transactions
-- and transfers (whose rows name every account a history row was written for) by primary key,
-- so the index of account rows by block, which every indexed row paid for and no read used,
-- goes: about 5-8% of the CPU of writing a busy range on PGlite.
DROP INDEX IF EXISTS indexer_account_transactions_block_idx;
