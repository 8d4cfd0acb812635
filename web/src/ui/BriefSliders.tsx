/**
 * The four style sliders of a brief (docs/product.md §11): 0 to 5, 2 by default, from one adjective to
 * its opposite. Used by the creation wizard, the edit page and, read-only, the details page.
 */
import { Slider, Text } from '@mantine/core';
import classes from './BriefSliders.module.css';
import { WIDGETS } from '@creadefi/domain';

export interface BriefCursors {
  cursorModern: number;
  cursorYoung: number;
  cursorFun: number;
  cursorLuxury: number;
}

const BRIEF_AXES: readonly { key: keyof BriefCursors; from: string; to: string }[] = (['cursorModern', 'cursorYoung', 'cursorFun', 'cursorLuxury'] as const).map((key) => ({
  key,
  ...WIDGETS.briefAxes[key],
}));

const MARKS = [0, 1, 2, 3, 4, 5].map((value) => ({ value }));

export interface BriefSlidersProps {
  value: BriefCursors;
  onChange?: (value: BriefCursors) => void;
  disabled?: boolean;
  /** Shows the organiser's choices without letting anyone move them (contest details). */
  readOnly?: boolean;
}

export function BriefSliders({ value, onChange, disabled = false, readOnly = false }: BriefSlidersProps) {
  return (
    <div className={classes.root} data-readonly={readOnly || undefined}>
      {BRIEF_AXES.map(({ key, from, to }) => (
        <div key={key} className={classes.axis}>
          <div className={classes.ends} aria-hidden>
            <Text component="span" className={classes.end} data-strong={value[key] <= 2 || undefined}>
              {from}
            </Text>
            <Text component="span" className={classes.end} data-strong={value[key] >= 3 || undefined}>
              {to}
            </Text>
          </div>
          <Slider
            min={0}
            max={5}
            step={1}
            marks={MARKS}
            restrictToMarks
            value={value[key]}
            onChange={(next) => {
              if (!readOnly) onChange?.({ ...value, [key]: next });
            }}
            disabled={disabled}
            label={null}
            thumbLabel={`${from} – ${to}`}
            thumbValueText={(n) => WIDGETS.briefAxisValue(n, from, to)}
            thumbProps={readOnly ? { 'aria-readonly': true, tabIndex: -1 } : undefined}
            color="orange"
            size="md"
            thumbSize={22}
            classNames={{ root: classes.slider, mark: classes.mark, thumb: classes.thumb }}
          />
        </div>
      ))}
    </div>
  );
}
