/**
 * Splits a migration file into its statements on the `;` that end them, ignoring `;` inside
 * quotes, dollar-quoted bodies and comments. PGlite runs parameterless queries through the
 * extended protocol, which takes one statement at a time.
 */
export function splitSqlStatements(text: string): string[] {
  const statements: string[] = []
  let start = 0
  let index = 0
  while (index < text.length) {
    const char = text[index]
    const next = text[index + 1]
    if (char === '-' && next === '-') index = endOf(text, '\n', index + 2)
    else if (char === '/' && next === '*') index = endOf(text, '*/', index + 2)
    else if (char === "'" || char === '"') index = endOf(text, char, index + 1)
    else if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(index))?.[0]
      index = tag ? endOf(text, tag, index + tag.length) : index + 1
    } else if (char === ';') {
      statements.push(text.slice(start, index))
      index += 1
      start = index
    } else index += 1
  }
  statements.push(text.slice(start))
  return statements.map((statement) => statement.trim()).filter((s) => !isOnlyComments(s))
}

/** The index just past the next `end` from `from` (or the end of the text). */
function endOf(text: string, end: string, from: number): number {
  const found = text.indexOf(end, from)
  return found === -1 ? text.length : found + end.length
}

function isOnlyComments(statement: string): boolean {
  return (
    statement
      .replace(/--[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim() === ''
  )
}
