/** The database's size and connections, for 服务监控. */
export interface DatabaseFigures {
  readonly sizeBytes: number;
  /** Connections open to this database (every API instance's pool, psql sessions ...). */
  readonly connections: number;
  /** The server's max_connections. */
  readonly maxConnections: number;
  /** The server's version text (`PostgreSQL 17.2 ...`). */
  readonly version: string;
}

export interface DatabaseFiguresPort {
  read(): Promise<DatabaseFigures>;
}
