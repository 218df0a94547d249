import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TaskPicker, type TaskChoice } from './TaskPicker';

const TASKS: TaskChoice[] = [
  { taskId: 31, taskNo: 'RW-2026-001', taskName: '住宅楼施工图', contractName: '某住宅设计合同' },
  { taskId: 57, taskNo: 'RW-2026-002', taskName: '办公楼方案', contractName: '某办公楼合同' },
];

/** The list call as the server answers it: tasks whose name contains the text. */
const searches: string[] = [];
const search = (taskName: string) => {
  searches.push(taskName);
  return Promise.resolve(TASKS.filter((t) => t.taskName.includes(taskName)));
};

function Host({ onPicked }: { onPicked: (id: string, task?: TaskChoice) => void }) {
  const [value, setValue] = useState('');
  return (
    <TaskPicker
      search={search}
      value={value}
      label="任务借款的设计任务"
      onChange={(id, task) => {
        setValue(id);
        onPicked(id, task);
      }}
    />
  );
}

describe('the task picker', () => {
  it('offers tasks by number, name and contract, narrows by name, and answers the record’s id', async () => {
    const picked: [string, TaskChoice | undefined][] = [];
    render(<Host onPicked={(id, t) => picked.push([id, t])} />);
    expect(
      await screen.findByRole('option', { name: 'RW-2026-002 办公楼方案（某办公楼合同）' }),
    ).toBeTruthy();
    expect(screen.getByRole('option', { name: /住宅楼施工图（某住宅设计合同）/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('任务借款的设计任务'), { target: { value: '57' } });
    expect(picked).toEqual([['57', TASKS[1]]]);

    // A search that no longer finds the chosen task keeps it chosen and shown.
    fireEvent.change(screen.getByLabelText('任务借款的设计任务搜索'), {
      target: { value: '住宅' },
    });
    await waitFor(() => expect(searches).toContain('住宅'));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        '请选择',
        'RW-2026-002 办公楼方案（某办公楼合同）',
        'RW-2026-001 住宅楼施工图（某住宅设计合同）',
      ]),
    );
    expect(screen.getByLabelText<HTMLSelectElement>('任务借款的设计任务').value).toBe('57');
    fireEvent.change(screen.getByLabelText('任务借款的设计任务'), { target: { value: '31' } });
    expect(picked.at(-1)).toEqual(['31', TASKS[0]]);
    // There is no box to type an internal id into.
    expect(screen.queryByPlaceholderText(/ID/)).toBeNull();
  });
});
