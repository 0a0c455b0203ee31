package bot

import (
	"errors"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// Discord is the part of the Discord API the bot uses. *discordgo.Session
// implements it; handlers depend on this interface so they can be driven by
// the fake Discord in tests (through a real Session) or by anything else.
type Discord interface {
	InteractionRespond(i *discordgo.Interaction, r *discordgo.InteractionResponse, options ...discordgo.RequestOption) error
	FollowupMessageCreate(i *discordgo.Interaction, wait bool, p *discordgo.WebhookParams, options ...discordgo.RequestOption) (*discordgo.Message, error)
	ChannelMessageSendComplex(channelID string, m *discordgo.MessageSend, options ...discordgo.RequestOption) (*discordgo.Message, error)
	ChannelMessageEditComplex(m *discordgo.MessageEdit, options ...discordgo.RequestOption) (*discordgo.Message, error)
	UserChannelCreate(recipientID string, options ...discordgo.RequestOption) (*discordgo.Channel, error)
	ApplicationCommandBulkOverwrite(appID, guildID string, commands []*discordgo.ApplicationCommand, options ...discordgo.RequestOption) ([]*discordgo.ApplicationCommand, error)
	ThreadStartComplex(channelID string, data *discordgo.ThreadStart, options ...discordgo.RequestOption) (*discordgo.Channel, error)
	// RequestRaw sends what discordgo's types cannot say (alt text on
	// attachments).
	RequestRaw(method, urlStr, contentType string, b []byte, bucketID string, sequence int, options ...discordgo.RequestOption) ([]byte, error)
	// RequestWithLockedBucket sends through a bucket the bot chose: the
	// edits of interaction answers get one each (see answerBuckets).
	RequestWithLockedBucket(method, urlStr, contentType string, b []byte, bucket *discordgo.Bucket, sequence int, options ...discordgo.RequestOption) ([]byte, error)
}

var _ Discord = (*discordgo.Session)(nil)

// noMentions keeps the bot's messages from pinging anyone except where a
// ping is the point (reminders).
var noMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}

// isDMClosed reports whether err is Discord's "Cannot send messages to this
// user" (50007).
func isDMClosed(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser
}

// isAlreadyAcknowledged reports whether Discord refused an answer because
// the interaction was already answered (40060), as happens when the same
// interaction is delivered twice.
func isAlreadyAcknowledged(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged
}

// isMissingPermissions reports whether Discord refused for lack of a
// permission (50013), as when the bot may not write in a channel.
func isMissingPermissions(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeMissingPermissions
}

// isUnknownMessage reports whether a message we meant to edit is gone.
func isUnknownMessage(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && (re.Response != nil && re.Response.StatusCode == http.StatusNotFound)
}

// interactionUser is whoever used the interaction, in a server or a DM.
func interactionUser(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

func displayName(u *discordgo.User, m *discordgo.Member) string {
	if m != nil && m.Nick != "" {
		return m.Nick
	}
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}
