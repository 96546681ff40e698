import { BaseError } from './base.ts'

/** A project to create has a bad field; each problem is one line of `metaMessages`. */
export class InvalidProjectInputError extends BaseError {
  override name = 'InvalidProjectInputError'
  readonly problems: readonly string[]
  constructor({ problems }: { problems: readonly string[] }) {
    super(problems.length === 1 ? (problems[0] ?? '') : 'The project is invalid.', {
      code: 'BAD_REQUEST',
      metaMessages: problems.length === 1 ? [] : problems,
    })
    this.problems = problems
  }
}
