import { useEffect, useState } from 'react';

/** A design task as a person knows it: its number, name and contract. */
export interface TaskChoice {
  readonly taskId: number;
  readonly taskNo: string;
  readonly taskName: string;
  readonly contractName: string;
}

/** How a task reads in a picker: 编号 名称（合同）. */
export const taskChoiceLabel = (t: TaskChoice): string =>
  `${t.taskNo === '' ? '' : `${t.taskNo} `}${t.taskName}${t.contractName === '' ? '' : `（${t.contractName}）`}`;

/**
 * Picks a design task by its name or contract instead of typing its internal id: a search box
 * (任务名称) and the tasks it finds, by number, name and contract. `search` is the caller's list
 * call (the task list, in the caller's data scope); the picker keeps the chosen task in its
 * options while another search runs, so the value never points at an option that is not there.
 */
export function TaskPicker({
  search,
  value,
  onChange,
  label = '设计任务',
  emptyLabel = '请选择',
  className = '',
}: {
  search: (taskName: string) => Promise<readonly TaskChoice[]>;
  /** The chosen task's id as text, '' for none. */
  value: string;
  onChange: (taskId: string, task: TaskChoice | undefined) => void;
  label?: string;
  emptyLabel?: string;
  className?: string;
}) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<readonly TaskChoice[]>([]);
  const [chosen, setChosen] = useState<TaskChoice | undefined>(undefined);

  useEffect(() => {
    let live = true;
    search(text.trim())
      .then((rows) => live && setFound(rows))
      .catch(() => live && setFound([]));
    return () => {
      live = false;
    };
  }, [search, text]);

  const kept = chosen && String(chosen.taskId) === value ? chosen : undefined;
  const options =
    kept && !found.some((t) => t.taskId === kept.taskId) ? [kept, ...found] : [...found];

  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <input
        className="input w-32!"
        aria-label={`${label}搜索`}
        placeholder="任务名称"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <select
        className="input"
        aria-label={label}
        value={value}
        onChange={(e) => {
          const task = options.find((t) => String(t.taskId) === e.target.value);
          setChosen(task);
          onChange(e.target.value, task);
        }}
      >
        <option value="">{emptyLabel}</option>
        {options.map((t) => (
          <option key={t.taskId} value={String(t.taskId)}>
            {taskChoiceLabel(t)}
          </option>
        ))}
      </select>
    </span>
  );
}
