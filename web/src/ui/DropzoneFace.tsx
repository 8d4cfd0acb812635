import { Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload, IconX } from '@tabler/icons-react';
import classes from './DropzoneFace.module.css';

/** The class a Dropzone takes for the drop areas' look. */
export const dropzoneClass = classes.dropzone;

/** What a drop area shows: an icon that turns to a cross on a refused file, what to do, and what is accepted. */
export function DropzoneFace({ title, hint }: { title: string; hint: string }) {
  return (
    <div className={classes.inner}>
      <span className={classes.icon}>
        <Dropzone.Reject>
          <IconX size={29} stroke={1.6} aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconCloudUpload size={29} stroke={1.6} aria-hidden />
        </Dropzone.Idle>
        <Dropzone.Accept>
          <IconCloudUpload size={29} stroke={1.6} aria-hidden />
        </Dropzone.Accept>
      </span>
      <Text fw={500} fz="lg" ta="center">
        {title}
      </Text>
      <Text fz="sm" c="dimmed" ta="center">
        {hint}
      </Text>
    </div>
  );
}
