// Video with a chat beside it, or chat alone: the choice the booking asks for and her consultation's
// page lets her change until the call, one radio group for both.
import type { ConsultationMode } from '#shared/consultations/facts';
import { useI18n } from '../i18n/context';

const MODES = ['video', 'chat'] as const;

export function ModeChoice(props: {
  name: string;
  value: ConsultationMode;
  onChange: (mode: ConsultationMode) => void;
  disabled?: boolean;
  /** The legend read by screen readers only, where a heading above already says it. */
  hiddenLegend?: boolean;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="choice-list">
      <legend className={props.hiddenLegend ? 'visually-hidden' : undefined}>{t('consult_mode_title')}</legend>
      {MODES.map((m) => (
        <label key={m} className="choice">
          <input
            type="radio"
            name={props.name}
            value={m}
            checked={props.value === m}
            disabled={props.disabled}
            onChange={() => props.onChange(m)}
            data-testid={`consult-mode-${m}`}
          />
          <span>
            {t(`consult_mode_${m}`)}
            <small className="choice-note">{t(`consult_mode_${m}_note`)}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
