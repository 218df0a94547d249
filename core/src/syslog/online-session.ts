/** A live session as 在线用户 lists it: named by its session id, never by its token. */
export interface OnlineSession {
  readonly tokenId: string;
  readonly userName: string;
  readonly deptName: string;
  readonly ipaddr: string;
  readonly userAgent: string;
  readonly loginTime: Date;
  readonly lastAccessTime: Date;
}

export interface OnlineFilter {
  readonly ipaddr?: string;
  readonly userName?: string;
}
