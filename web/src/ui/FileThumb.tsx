/**
 * The face of an uploaded file: its marked preview (a sound's waveform) once the server made it,
 * where it stands while it is being made, else a pictogram of its kind.
 */
import type { CSSProperties } from 'react';
import { IconFileMusic, IconFileText, IconFileTypePdf, IconFileZip, IconMovie, IconPhoto } from '@tabler/icons-react';
import { AuthorisedImage } from './AuthorisedImage';
import { PREVIEWS } from '@creadefi/domain';
import { PreviewNotice } from './media/PreviewNotice';
import { WaveformBars } from './media/WaveformBars';

export interface ThumbFile {
  filename: string;
  mime: string;
  preview: string | null;
  previewStatus?: 'pending' | 'ready' | 'failed' | null;
  waveform?: number[] | null;
}

export function KindIcon({ mime, size = 36 }: { mime: string; size?: number }) {
  const props = { size, stroke: 1.4, 'aria-hidden': true } as const;
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%', color: 'var(--cd-orange)', background: 'linear-gradient(135deg, #fff1ec 0%, #ffeef0 100%)' }}>
      {mime.startsWith('video/') ? (
        <IconMovie {...props} />
      ) : mime.startsWith('audio/') ? (
        <IconFileMusic {...props} />
      ) : mime === 'application/pdf' ? (
        <IconFileTypePdf {...props} />
      ) : mime.startsWith('image/') ? (
        <IconPhoto {...props} />
      ) : /zip|rar|7z/.test(mime) ? (
        <IconFileZip {...props} />
      ) : (
        <IconFileText {...props} />
      )}
    </div>
  );
}

/**
 * The words a file's face shows instead of its preview (« Aperçu en préparation… »), if any: a
 * control that holds the face must say them in its name, or a voice user cannot name it.
 */
export function previewStatusText(file: Pick<ThumbFile, 'previewStatus'> | undefined): string | null {
  if (file?.previewStatus === 'pending') return PREVIEWS.pending;
  if (file?.previewStatus === 'failed') return PREVIEWS.failedShort;
  return null;
}

export function FileThumb({ file, className, style, fit }: { file: ThumbFile; className?: string; style?: CSSProperties; fit?: 'cover' | 'contain' }) {
  if (file.previewStatus === 'pending' || file.previewStatus === 'failed') {
    return (
      <div className={className} style={{ background: 'linear-gradient(135deg, #fff1ec 0%, #ffeef0 100%)', ...style }} role="img" aria-label={file.filename}>
        <PreviewNotice status={file.previewStatus} compact />
      </div>
    );
  }
  if (!file.preview && file.waveform?.length) {
    return (
      <div className={className} style={{ display: 'flex', alignItems: 'center', padding: 12, background: 'linear-gradient(135deg, #fff1ec 0%, #ffeef0 100%)', ...style }} role="img" aria-label={file.filename}>
        <WaveformBars peaks={file.waveform} height={56} />
      </div>
    );
  }
  if (!file.preview) {
    return (
      <div className={className} style={style} role="img" aria-label={file.filename}>
        <KindIcon mime={file.mime} />
      </div>
    );
  }
  return <AuthorisedImage src={file.preview} alt={file.filename} className={className} style={style} fit={fit} fallback={<KindIcon mime={file.mime} />} />;
}
