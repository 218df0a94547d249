import { describe, expect, it } from 'vitest';
import { DumpReadError, readMysqlDump, type DumpValue } from './mysql-dump-reader.js';

const text = (v: DumpValue | undefined) =>
  v?.kind === 'string' || v?.kind === 'number' ? v.text : v?.kind;

/** What mysqldump writes: backticks, conditional comments, locks, several rows per INSERT. */
const MYSQLDUMP = `-- MySQL dump 10.13
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
DROP TABLE IF EXISTS \`sys_post\`;
CREATE TABLE \`sys_post\` (
  \`post_id\` bigint NOT NULL AUTO_INCREMENT COMMENT '岗位ID',
  \`post_code\` varchar(64) NOT NULL COMMENT '岗位编码',
  \`post_name\` varchar(50) NOT NULL,
  \`remark\` varchar(500) DEFAULT NULL,
  PRIMARY KEY (\`post_id\`),
  UNIQUE KEY \`uk_code\` (\`post_code\`) COMMENT 'one (code), only'
) ENGINE=InnoDB AUTO_INCREMENT=5 DEFAULT CHARSET=utf8mb4 COMMENT='岗位信息表';
LOCK TABLES \`sys_post\` WRITE;
INSERT INTO \`sys_post\` VALUES (1,'ceo','董事长',NULL),(2,'se','It\\'s a \\"test\\"\\n\\\\ok','a;b'),
(3,'o''k','-- not a comment',-7);
UNLOCK TABLES;
INSERT INTO sys_post (post_name, post_id, post_code) VALUES ('按列名', 4, 'byname');
# a hash comment
insert into sys_post values(5, 'call', '函数', sysdate());
INSERT INTO sys_post VALUES (6,_utf8mb4'intro',0x${Buffer.from('十六进制').toString('hex')},X'6f6b');
`;

describe('readMysqlDump', () => {
  it('reads rows by column name from both dump styles, with MySQL escapes', () => {
    const dump = readMysqlDump(MYSQLDUMP);
    const t = dump.tables.get('sys_post');
    expect(t?.columns).toEqual(['post_id', 'post_code', 'post_name', 'remark']);
    expect(
      t?.rows.map((r) => [
        text(r.get('post_id')),
        text(r.get('post_code')),
        text(r.get('post_name')),
        text(r.get('remark')),
      ]),
    ).toEqual([
      ['1', 'ceo', '董事长', 'null'],
      ['2', 'se', 'It\'s a "test"\n\\ok', 'a;b'],
      ['3', "o'k", '-- not a comment', '-7'],
      // The INSERT's own column list wins over the CREATE TABLE's order.
      ['4', 'byname', '按列名', undefined],
      ['5', 'call', '函数', 'call'],
      // Binary columns as mysqldump may write them.
      ['6', 'intro', '十六进制', 'ok'],
    ]);
    expect(t?.rowLines).toEqual([13, 13, 14, 16, 18, 19]);
  });

  it('refuses a file cut in the middle of an INSERT, naming the line', () => {
    const cut = MYSQLDUMP.slice(0, MYSQLDUMP.indexOf("'-- not") + 5);
    expect(() => readMysqlDump(cut)).toThrow(DumpReadError);
    expect(() => readMysqlDump(cut)).toThrow(/^第 14 行：字符串没有结束/);
    const noSemicolon = 'create table t (a int);\ninsert into t values (1)\n';
    expect(() => readMysqlDump(noSemicolon)).toThrow(/^第 2 行：.*没有以分号结束/);
  });

  it('refuses an escape MySQL does not write, and a row of the wrong width', () => {
    expect(() =>
      readMysqlDump("create table t (a varchar(9));\n\ninsert into t values ('a\\qb');"),
    ).toThrow(/^第 3 行：无法识别的转义字符 \\q/);
    expect(() =>
      readMysqlDump('create table t (a int, b int);\ninsert into t values (1);'),
    ).toThrow(/^第 2 行：表 t 的一行有 1 个值，而列有 2 个/);
  });

  it('refuses a line cut in two, where the next statement begins inside the values', () => {
    const broken =
      "create table t (a int, b varchar(9));\ninsert into t values (1,\ninsert into t values (2, 'x');";
    expect(() => readMysqlDump(broken)).toThrow(/^第 2 行：括号没有闭合/);
    const unclosedRow =
      'create table t (a int, b int);\ninsert into t values (1, 2),\n(3, now() 4);';
    expect(() => readMysqlDump(unclosedRow)).toThrow(/^第 3 行：.*无法识别的值「now \( \) 4」/);
  });

  it('refuses an INSERT it cannot map by name', () => {
    expect(() => readMysqlDump('insert into t values (1);')).toThrow(/无法按列名读取/);
  });
});
