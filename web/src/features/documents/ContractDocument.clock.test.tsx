import { loadContractDoc, type ApprovalDetail } from '@dpms/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InstituteClockProvider } from '../../components/time/institute-clock';
import { ContractDocument } from './ContractDocument';
import { onALaptopAbroad } from '../../test/abroad';

onALaptopAbroad();

const approvalSignedAt = (iso: string): ApprovalDetail => ({
  approvalDetailBO: {
    creatorSignUrl: null,
    approvalNodeList: [
      {
        nodeId: '1',
        nodeName: '部门负责人',
        content: '同意',
        approvalUserSignUrl: null,
        approvalTime: iso,
      },
    ],
    unApprovalList: [],
    currentNodeName: '',
  },
  attachmentList: [],
  sealImagesList: [],
  imgFiles: [],
  currentSignRecord: null,
});

const signedRowText = () =>
  within(screen.getByTestId('signature-rows')).getAllByRole('row')[2]?.textContent ?? '';

describe("a signature's time on screen", () => {
  const state = loadContractDoc({ type: 1, readOnly: true });

  it('is the institute wall clock (Asia/Shanghai) while the browser runs in UTC', () => {
    expect(new Date('2026-11-25T15:00:00Z').getHours()).toBe(15); // the host really is in UTC
    render(
      <ContractDocument
        state={state}
        approval={approvalSignedAt('2026-11-25T15:00:32.823Z')}
        signtype="2"
      />,
    );
    expect(signedRowText()).toContain('2026-11-25 23:00');
    expect(signedRowText()).not.toContain('15:00');
  });

  it('follows the configured zone the shell provides', () => {
    render(
      <InstituteClockProvider zone="Europe/London">
        <ContractDocument
          state={state}
          approval={approvalSignedAt('2026-07-01T22:30:00Z')}
          signtype="2"
        />
      </InstituteClockProvider>,
    );
    expect(signedRowText()).toContain('2026-07-01 23:30');
  });
});
