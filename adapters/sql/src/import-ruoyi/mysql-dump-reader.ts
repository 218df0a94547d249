/**
 * Reads the text of a MySQL dump: the column lists of its `CREATE TABLE` statements and the rows
 * of its `INSERT` (or `REPLACE`) statements, both RuoYi's hand-written script style
 * (`insert into sys_user values(1, …);`) and mysqldump's (`INSERT INTO \`t\` VALUES (…),(…);`,
 * `INSERT INTO t (a, b) VALUES …`). Every row is keyed by column NAME, taken from the statement's
 * own column list or else from the table's `CREATE TABLE`, so a dump of an older RuoYi with a
 * column more or less reads the same. Every other statement (DROP, SET, LOCK, ALTER, …) is skipped.
 *
 * A text it cannot read is refused whole, with the line and the reason ({@link DumpReadError}):
 * an import must never write half of a damaged file.
 */

/** One value of an INSERT: a string, a number (its text), NULL, or a call such as `sysdate()`. */
export type DumpValue =
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'null' }
  | { readonly kind: 'call'; readonly name: string };

export type DumpRow = ReadonlyMap<string, DumpValue>;

export interface DumpTable {
  /** Lower-case table name. */
  readonly name: string;
  /** Lower-case column names of its CREATE TABLE; empty when the dump has none. */
  readonly columns: readonly string[];
  /** The line of its CREATE TABLE (0 when none). */
  readonly createLine: number;
  readonly rows: DumpRow[];
  /** The line each row starts on, parallel to `rows`. */
  readonly rowLines: number[];
}

export interface MysqlDump {
  readonly tables: ReadonlyMap<string, DumpTable>;
}

export class DumpReadError extends Error {
  readonly code = 'IMPORT.UNREADABLE_DUMP';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`第 ${String(line)} 行：${reason}`);
  }
}

type Token =
  | { readonly t: 'word'; readonly v: string; readonly line: number; readonly quoted: boolean }
  | { readonly t: 'string'; readonly v: string; readonly line: number }
  | { readonly t: 'number'; readonly v: string; readonly line: number }
  | { readonly t: 'punct'; readonly v: string; readonly line: number };

/** MySQL's escapes in a quoted string; anything else after a backslash is a damaged file. */
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  "'": "'",
  '"': '"',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
  '\\': '\\',
  // `\%` and `\_` keep their backslash (MySQL does so outside LIKE patterns too).
  '%': '\\%',
  _: '\\_',
};

/** Splits the text into statements of tokens; comments (`--`, `#`, `/* … *\/`) are dropped. */
function* statements(text: string): Generator<Token[]> {
  let i = 0;
  let line = 1;
  let current: Token[] = [];
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      line += 1;
      i += 1;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\ufeff') {
      i += 1;
      continue;
    }
    if ((c === '-' && text[i + 1] === '-' && /[\s]|$/.test(text[i + 2] ?? '')) || c === '#') {
      while (i < n && text[i] !== '\n') i += 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const start = line;
      i += 2;
      while (i < n && !(text[i] === '*' && text[i + 1] === '/')) {
        if (text[i] === '\n') line += 1;
        i += 1;
      }
      if (i >= n) throw new DumpReadError(start, '注释 /* 没有结束');
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      const start = line;
      let out = '';
      i += 1;
      for (;;) {
        if (i >= n) throw new DumpReadError(start, '字符串没有结束（文件在引号内截断）');
        const d = text[i]!;
        if (d === '\\') {
          const e = text[i + 1];
          if (e === undefined) throw new DumpReadError(start, '字符串没有结束（文件在引号内截断）');
          const mapped = ESCAPES[e];
          if (mapped === undefined) throw new DumpReadError(line, `无法识别的转义字符 \\${e}`);
          out += mapped;
          i += 2;
          continue;
        }
        if (d === c) {
          // A doubled quote is one quote character.
          if (text[i + 1] === c) {
            out += c;
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (d === '\n') line += 1;
        out += d;
        i += 1;
      }
      current.push({ t: 'string', v: out, line: start });
      continue;
    }
    if (c === '`') {
      const start = line;
      const end = text.indexOf('`', i + 1);
      if (end < 0) throw new DumpReadError(start, '反引号标识符没有结束');
      current.push({ t: 'word', v: text.slice(i + 1, end), line: start, quoted: true });
      i = end + 1;
      continue;
    }
    const rest = text.slice(i, i + 64);
    // mysqldump --hex-blob writes binary columns as 0x…: read as UTF-8 text.
    if (c === '0' && text[i + 1] === 'x') {
      let end = i + 2;
      while (end < n && /[0-9a-fA-F]/.test(text[end]!)) end += 1;
      const digits = text.slice(i + 2, end);
      if (digits.length % 2 !== 0)
        throw new DumpReadError(line, `十六进制值 0x${digits.slice(0, 16)} 的位数不是偶数`);
      current.push({ t: 'string', v: Buffer.from(digits, 'hex').toString('utf8'), line });
      i = end;
      continue;
    }
    const m = /^(?:[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?|\.[0-9]+)/.exec(rest);
    if (m) {
      current.push({ t: 'number', v: m[0], line });
      i += m[0].length;
      continue;
    }
    const w = /^[A-Za-z_$\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(rest);
    if (w) {
      // A long identifier runs past the 64 characters looked at: take it whole.
      let end = i + w[0].length;
      while (end < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(text[end]!)) end += 1;
      current.push({ t: 'word', v: text.slice(i, end), line, quoted: false });
      i = end;
      continue;
    }
    if (c === ';') {
      if (current.length > 0) yield current;
      current = [];
      i += 1;
      continue;
    }
    current.push({ t: 'punct', v: c, line });
    i += 1;
  }
  if (current.length > 0)
    throw new DumpReadError(current[0]!.line, '最后一条语句没有以分号结束（文件被截断？）');
}

const isWord = (tok: Token | undefined, word: string): boolean =>
  tok?.t === 'word' && !tok.quoted && tok.v.toLowerCase() === word;
const isPunct = (tok: Token | undefined, p: string): boolean => tok?.t === 'punct' && tok.v === p;

/** Reads a possibly qualified name (`db`.`t` or t) at `at`; answers it lower-cased and the next index. */
function readName(s: Token[], at: number, what: string): [string, number] {
  let tok = s[at];
  if (tok?.t !== 'word') throw new DumpReadError(tok?.line ?? s[0]!.line, `缺少${what}`);
  let name = tok.v;
  let next = at + 1;
  while (isPunct(s[next], '.') && s[next + 1]?.t === 'word') {
    tok = s[next + 1]!;
    name = tok.v;
    next += 2;
  }
  return [name.toLowerCase(), next];
}

/** A parenthesised, comma-separated list starting at `(` at index `at`: its items and the index after `)`. */
function readParenList(s: Token[], at: number): [Token[][], number] {
  const open = s[at];
  if (!open || !isPunct(open, '(')) throw new DumpReadError(open?.line ?? s[0]!.line, '缺少左括号');
  const items: Token[][] = [];
  let item: Token[] = [];
  let depth = 0;
  for (let i = at + 1; i < s.length; i += 1) {
    const tok = s[i]!;
    if (isPunct(tok, '(')) depth += 1;
    if (isPunct(tok, ')')) {
      if (depth === 0) {
        items.push(item);
        return [items, i + 1];
      }
      depth -= 1;
    }
    if (depth === 0 && isPunct(tok, ',')) {
      items.push(item);
      item = [];
      continue;
    }
    item.push(tok);
  }
  throw new DumpReadError(open.line, '括号没有闭合');
}

const NOT_COLUMNS = new Set([
  'primary',
  'key',
  'unique',
  'index',
  'constraint',
  'fulltext',
  'spatial',
  'foreign',
  'check',
  'period',
]);

function readCreateTable(s: Token[], tables: Map<string, DumpTable>): void {
  let at = 2;
  if (isWord(s[at], 'if')) at += 3; // if not exists
  const [name, next] = readName(s, at, '表名');
  // CREATE TABLE t LIKE u / AS SELECT: no column list to read.
  if (!isPunct(s[next], '(')) return;
  const [defs] = readParenList(s, next);
  const columns: string[] = [];
  for (const def of defs) {
    const first = def[0];
    if (!first) throw new DumpReadError(s[next]!.line, `表 ${name} 的定义中有空项`);
    if (first.t !== 'word') throw new DumpReadError(first.line, `表 ${name} 的列定义无法识别`);
    if (!first.quoted && NOT_COLUMNS.has(first.v.toLowerCase())) continue;
    columns.push(first.v.toLowerCase());
  }
  tables.set(name, { name, columns, createLine: s[0]!.line, rows: [], rowLines: [] });
}

function readValue(item: Token[], table: string, line: number): DumpValue {
  const first = item[0];
  if (!first) throw new DumpReadError(line, `表 ${table} 的 INSERT 有空值`);
  const where = first.line;
  if (item.length === 1) {
    if (first.t === 'string') return { kind: 'string', text: first.v };
    if (first.t === 'number') return { kind: 'number', text: first.v };
    if (isWord(first, 'null')) return { kind: 'null' };
    if (isWord(first, 'true')) return { kind: 'number', text: '1' };
    if (isWord(first, 'false')) return { kind: 'number', text: '0' };
  }
  // A string with a character set introducer (_utf8mb4'…', _binary '…') or X'…' hex.
  if (item.length === 2 && first.t === 'word' && !first.quoted && item[1]!.t === 'string') {
    const intro = first.v.toLowerCase();
    if (intro.startsWith('_')) return { kind: 'string', text: item[1]!.v };
    if (intro === 'x' && /^([0-9a-fA-F]{2})*$/.test(item[1]!.v))
      return { kind: 'string', text: Buffer.from(item[1]!.v, 'hex').toString('utf8') };
  }
  // A signed number.
  if (
    item.length === 2 &&
    (isPunct(first, '-') || isPunct(first, '+')) &&
    item[1]!.t === 'number'
  ) {
    return { kind: 'number', text: `${first.v === '-' ? '-' : ''}${item[1]!.v}` };
  }
  // A call without arguments the dump evaluates at load time: sysdate(), now(), current_timestamp.
  if (first.t === 'word' && !first.quoted) {
    const name = first.v.toLowerCase();
    if (item.length === 3 && isPunct(item[1], '(') && isPunct(item[2], ')'))
      return { kind: 'call', name };
    if (item.length === 1 && (name === 'current_timestamp' || name === 'localtimestamp'))
      return { kind: 'call', name };
  }
  throw new DumpReadError(
    where,
    `表 ${table} 的 INSERT 中有无法识别的值「${item.map((t) => t.v).join(' ')}」`,
  );
}

function readInsert(s: Token[], tables: Map<string, DumpTable>): void {
  let at = 1;
  while (
    isWord(s[at], 'low_priority') ||
    isWord(s[at], 'delayed') ||
    isWord(s[at], 'high_priority') ||
    isWord(s[at], 'ignore')
  )
    at += 1;
  if (isWord(s[at], 'into')) at += 1;
  const [name, afterName] = readName(s, at, '表名');
  at = afterName;
  let columns: string[] | undefined;
  if (isPunct(s[at], '(')) {
    const [items, next] = readParenList(s, at);
    columns = items.map((item) => {
      const tok = item[0];
      if (item.length !== 1 || tok?.t !== 'word')
        throw new DumpReadError(tok?.line ?? s[at]!.line, `表 ${name} 的 INSERT 列名无法识别`);
      return tok.v.toLowerCase();
    });
    at = next;
  }
  if (!isWord(s[at], 'values') && !isWord(s[at], 'value'))
    throw new DumpReadError(s[at]?.line ?? s[0]!.line, `表 ${name} 的 INSERT 缺少 VALUES`);
  at += 1;
  let table = tables.get(name);
  if (!table) {
    table = { name, columns: [], createLine: 0, rows: [], rowLines: [] };
    tables.set(name, table);
  }
  const names = columns ?? table.columns;
  if (names.length === 0)
    throw new DumpReadError(
      s[0]!.line,
      `表 ${name} 的 INSERT 没有列名，文件中也没有它的 CREATE TABLE，无法按列名读取`,
    );
  for (;;) {
    const tok = s[at];
    if (!tok || !isPunct(tok, '('))
      throw new DumpReadError(tok?.line ?? s[0]!.line, `表 ${name} 的 INSERT 中缺少一行值的左括号`);
    const [items, next] = readParenList(s, at);
    if (items.length !== names.length)
      throw new DumpReadError(
        tok.line,
        `表 ${name} 的一行有 ${String(items.length)} 个值，而列有 ${String(names.length)} 个`,
      );
    const row = new Map<string, DumpValue>();
    items.forEach((item, k) => row.set(names[k]!, readValue(item, name, tok.line)));
    table.rows.push(row);
    table.rowLines.push(tok.line);
    at = next;
    if (isPunct(s[at], ',')) {
      at += 1;
      continue;
    }
    // ON DUPLICATE KEY UPDATE …: the rows are read, the update clause is not ours to run.
    if (at >= s.length || isWord(s[at], 'on')) return;
    throw new DumpReadError(
      s[at]!.line,
      `表 ${name} 的 INSERT 在一行值之后有多余的内容「${s[at]!.v}」`,
    );
  }
}

/** Reads a MySQL dump, or throws {@link DumpReadError} naming the line it could not read. */
export function readMysqlDump(text: string): MysqlDump {
  const tables = new Map<string, DumpTable>();
  for (const s of statements(text)) {
    if (isWord(s[0], 'create') && isWord(s[1], 'table')) readCreateTable(s, tables);
    else if (isWord(s[0], 'create') && isWord(s[1], 'temporary') && isWord(s[2], 'table'))
      readCreateTable(s.slice(1), tables);
    else if (isWord(s[0], 'insert') || isWord(s[0], 'replace')) readInsert(s, tables);
    // A word that opens no statement MySQL knows is a damaged file (a line cut in two).
    else if (s[0]?.t !== 'word' || !KNOWN_STATEMENTS.has(s[0].v.toLowerCase()))
      throw new DumpReadError(
        s[0]!.line,
        `无法识别的语句「${s
          .slice(0, 3)
          .map((t) => t.v)
          .join(' ')}」`,
      );
  }
  return { tables };
}

const KNOWN_STATEMENTS = new Set([
  'drop',
  'create',
  'alter',
  'set',
  'lock',
  'unlock',
  'use',
  'start',
  'begin',
  'commit',
  'rollback',
  'truncate',
  'delete',
  'update',
  'grant',
  'flush',
  'analyze',
  'optimize',
  'delimiter',
]);
