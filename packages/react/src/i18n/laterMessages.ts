import { enLater } from './enLater.ts'
import { addEnglishMessages } from './locales.ts'

// Imported for this effect by every chunk whose views show a string of `enLater.ts` (listed in
// package.json `sideEffects`, so the bundler keeps the import): English then has them before
// the chunk's views render. `messageSplit.test.ts` checks each lazy chunk that needs it has it.
addEnglishMessages(enLater)
