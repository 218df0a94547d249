import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  HTTP_ERROR_MESSAGES,
  SESSION_EXPIRED_CONFIRM,
  describeTransportError,
  httpStatusMessage,
  transportErrorOutcome,
} from './transport-error-messages.js';

describe('describeTransportError', () => {
  it('maps the axios messages of the spec', () => {
    expect(describeTransportError('Network Error')).toBe('后端接口连接异常');
    expect(describeTransportError('timeout of 300000ms exceeded')).toBe('系统接口请求超时');
    expect(describeTransportError('Request failed with status code 502')).toBe('系统接口502异常');
    expect(describeTransportError('Request failed with status code 413')).toBe('系统接口413异常');
  });
  it('shows another message as it is and never a blank one', () => {
    expect(describeTransportError('canceled')).toBe('canceled');
    expect(describeTransportError('')).toBe('系统未知错误，请反馈给管理员');
    expect(describeTransportError(undefined)).toBe('系统未知错误，请反馈给管理员');
  });
  it('names any status code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (code) => {
        expect(describeTransportError(`Request failed with status code ${code}`)).toBe(
          `系统接口${code}异常`,
        );
      }),
    );
  });
  it('keeps the message 5 s, then logs out', () => {
    expect(transportErrorOutcome('Network Error')).toEqual({
      message: '后端接口连接异常',
      displayMs: 5000,
      then: 'logoutToLogin',
    });
  });
});

describe('status table and confirms', () => {
  it('has the default table', () => {
    expect(httpStatusMessage(401)).toBe('认证失败，无法访问系统资源');
    expect(httpStatusMessage('403')).toBe('当前操作没有权限');
    expect(httpStatusMessage(404)).toBe('访问资源不存在');
    expect(httpStatusMessage(500)).toBe('系统未知错误，请反馈给管理员');
  });
  it('has the 401 confirm and the download message', () => {
    expect(SESSION_EXPIRED_CONFIRM).toMatchObject({
      message: '登录状态已过期，您可以继续留在该页面，或者重新登录',
      title: '系统提示',
      confirmText: '重新登录',
      cancelText: '取消',
    });
    expect(HTTP_ERROR_MESSAGES.downloadUnsupported).toBe(
      '该浏览器内核不支持下载此文件，推荐使用谷歌浏览器访问本平台',
    );
  });
});
