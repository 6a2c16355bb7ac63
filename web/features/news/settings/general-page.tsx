import { GeneralSettingsForm } from './general-settings-form';
import { ReadOnlyNote, SettingsSection, useCanEdit } from './common';
import { SourcesSection } from './sources-section';
import { ThresholdsSection } from './thresholds-section';
import { TwitterSection } from './twitter-section';

/**
 * /news/settings/general: the user's own preferences first, then the shared ingestion
 * configuration (sources and their health, Twitter handles and polling sessions, price-move
 * thresholds), editable by admins.
 */
export function GeneralSettingsPage() {
  const canEdit = useCanEdit();
  return (
    <div className="grid gap-8">
      <SettingsSection
        title="General Settings"
        description="Your personal feed preferences: they follow you to every browser."
        testId="general-settings"
      >
        <GeneralSettingsForm />
      </SettingsSection>
      <div className="grid gap-8 border-t border-border pt-6">
        {canEdit ? null : <ReadOnlyNote what="the shared ingestion settings below" />}
        <SourcesSection canEdit={canEdit} />
        <TwitterSection canEdit={canEdit} />
        <ThresholdsSection canEdit={canEdit} />
      </div>
    </div>
  );
}
