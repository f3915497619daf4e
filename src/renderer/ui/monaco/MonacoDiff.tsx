import './monacoDiff.css';
import { useEffect, useRef, useState } from 'react';
import { monaco } from './setupMonaco';
import { sharedDiffEditor, type DiffSlot } from './sharedDiffEditor';
import { useEditorDisplay } from './useEditorDisplay';

/**
 * A read-only side-by-side diff on the slot's shared diff editor (never disposed, see
 * sharedDiffEditor): moved into this host while mounted, its models replaced as the texts change.
 */
export function MonacoDiff(props: {
  original: string;
  modified: string;
  language: string;
  revealLine?: number | undefined;
  slot?: DiffSlot;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [{ editor: diffEditor, element }] = useState(() => sharedDiffEditor(props.slot ?? 'panel'));
  useEditorDisplay(diffEditor);

  useEffect(() => {
    host.current!.appendChild(element);
    return () => {
      element.remove();
      const model = diffEditor.getModel();
      diffEditor.setModel(null);
      model?.original.dispose();
      model?.modified.dispose();
    };
  }, [diffEditor, element]);

  useEffect(() => {
    // In a task of its own, after the one that drew the panel: together they held the page up.
    const timer = setTimeout(() => {
      const previous = diffEditor.getModel();
      diffEditor.setModel({
        original: diffModel(props.original, props.language),
        modified: diffModel(props.modified, props.language),
      });
      previous?.original.dispose();
      previous?.modified.dispose();
      if (props.revealLine !== undefined) {
        const line = props.revealLine;
        diffEditor.getOriginalEditor().revealLineInCenter(line);
        diffEditor.getModifiedEditor().revealLineInCenter(line);
        diffEditor.getModifiedEditor().setSelection(new monaco.Selection(line, 1, line, 200));
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [diffEditor, props.original, props.modified, props.language, props.revealLine]);

  return <div className="monaco-diff" ref={host} data-testid="diff-editor" />;
}

/** A read-only side of the diff; its brackets are not coloured (that parses the whole text at once). */
function diffModel(text: string, language: string) {
  const model = monaco.editor.createModel(text, language);
  model.updateOptions({
    bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false },
  });
  return model;
}
