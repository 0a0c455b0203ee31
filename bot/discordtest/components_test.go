package discordtest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// gameMessage is a message like the bot's game board: a button row and a
// select row.
func gameMessage() *discordgo.MessageSend {
	return &discordgo.MessageSend{
		Content: "the board",
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Next", Style: discordgo.PrimaryButton, CustomID: "next"},
				discordgo.Button{Label: "Pass", Style: discordgo.SecondaryButton, CustomID: "pass", Disabled: true},
			}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "pick", MaxValues: 2, Options: []discordgo.SelectMenuOption{
					{Label: "A", Value: "a"}, {Label: "B", Value: "b"}, {Label: "C", Value: "c"},
				}},
			}},
		},
	}
}

func TestComponentInteractionsCarryTheirMessage(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{})
	world := srv.Seed("alice", "bob")
	alice, bob := world.Users[0], world.Users[1]
	// The bot answers a component by updating its message, keeping the
	// components, as the real bot redraws the board.
	bot := startBot(t, srv, func(s *discordgo.Session, i *discordgo.Interaction) error {
		d := i.MessageComponentData()
		return s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{
				Content:    fmt.Sprintf("%s %s", d.CustomID, strings.Join(d.Values, ",")),
				Components: i.Message.Components,
			},
		})
	})
	board, err := bot.dg.ChannelMessageSendComplex(world.Channel.ID, gameMessage())
	if err != nil {
		t.Fatal(err)
	}

	t.Run("a button click carries the message and is answered by updating it", func(t *testing.T) {
		in, err := srv.ClickButton(ctx, alice, board.ID, "next")
		if err != nil {
			t.Fatal(err)
		}
		got := bot.received(t, in.ID)
		d := got.MessageComponentData()
		if got.Message == nil || got.Message.ID != board.ID || len(got.Message.Components) != 2 || d.CustomID != "next" || d.ComponentType != discordgo.ButtonComponent {
			t.Errorf("interaction = %+v data %+v, want the board message and the next button", got, d)
		}
		if err := bot.result(t, in.ID); err != nil {
			t.Fatal(err)
		}
		m, err := in.WaitResponse(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.ID != board.ID || m.Content != "next " || len(m.Components) != 2 || len(m.Revisions) != 1 {
			t.Errorf("updated board = %+v, want new content, same components, one revision", m)
		}
	})

	t.Run("a selection carries its values", func(t *testing.T) {
		in, err := srv.SelectMenu(ctx, alice, board.ID, "pick", "a", "c")
		if err != nil {
			t.Fatal(err)
		}
		got := bot.received(t, in.ID).MessageComponentData()
		if got.ComponentType != discordgo.SelectMenuComponent || strings.Join(got.Values, ",") != "a,c" {
			t.Errorf("data = %+v, want values a,c from the string select", got)
		}
		if m, err := in.WaitResponse(ctx); err != nil || m.Content != "pick a,c" {
			t.Errorf("board = %q, %v", m.Content, err)
		}
	})

	t.Run("a deferred update is complete once the bot edits the message", func(t *testing.T) {
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
				return err
			}
			content := "redrawn"
			_, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
			return err
		})
		in, err := srv.ClickButton(ctx, bob, board.ID, "next")
		if err != nil {
			t.Fatal(err)
		}
		m, err := in.WaitResponse(ctx)
		if err != nil || m.ID != board.ID || m.Content != "redrawn" || len(m.Components) != 2 {
			t.Errorf("board = %+v, %v; want the edited board with its components", m, err)
		}
	})

	impossible := []struct {
		name string
		act  func() (*Interaction, error)
	}{
		{"clicking a button the message does not have is an error", func() (*Interaction, error) { return srv.ClickButton(ctx, alice, board.ID, "nope") }},
		{"clicking a disabled button is an error", func() (*Interaction, error) { return srv.ClickButton(ctx, alice, board.ID, "pass") }},
		{"selecting a value that is not an option is an error", func() (*Interaction, error) { return srv.SelectMenu(ctx, alice, board.ID, "pick", "z") }},
		{"selecting more values than max_values is an error", func() (*Interaction, error) { return srv.SelectMenu(ctx, alice, board.ID, "pick", "a", "b", "c") }},
		{"clicking a select as a button is an error", func() (*Interaction, error) { return srv.ClickButton(ctx, alice, board.ID, "pick") }},
	}
	for _, tc := range impossible {
		t.Run(tc.name, func(t *testing.T) {
			if in, err := tc.act(); err == nil {
				t.Errorf("dispatched %s, want an error", in.ID)
			}
		})
	}

	t.Run("an ephemeral message's buttons belong to its viewer only", func(t *testing.T) {
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			return s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Content: "your hand", Flags: discordgo.MessageFlagsEphemeral,
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "Play", Style: discordgo.SuccessButton, CustomID: "play"},
					}}},
				},
			})
		})
		in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("hand"))
		if err != nil {
			t.Fatal(err)
		}
		hand, err := in.WaitResponse(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !hand.Ephemeral || hand.VisibleTo != alice.ID {
			t.Fatalf("hand = %+v, want ephemeral for alice", hand)
		}
		if _, err := srv.ClickButton(ctx, bob, hand.ID, "play"); err == nil {
			t.Error("bob clicked alice's ephemeral button")
		}
		if _, err := bot.dg.ChannelMessage(world.Channel.ID, hand.ID); err == nil {
			t.Error("an ephemeral message must not be reachable through the channel routes")
		}
	})
}

func TestAutocompleteUserOptionsAndModals(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := New(t, Options{})
	world := srv.Seed("alice", "bob")
	alice, bob := world.Users[0], world.Users[1]
	bot := startBot(t, srv, nil)

	t.Run("autocomplete sends the focused option and receives choices", func(t *testing.T) {
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			focused := i.ApplicationCommandData().Options[0].Options[0]
			if !focused.Focused || focused.StringValue() != "dra" {
				return fmt.Errorf("focused option = %+v", focused)
			}
			return s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionApplicationCommandAutocompleteResult,
				Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "Dracula", Value: "dracula"}, {Name: "Dragon", Value: "dragon"},
				}},
			})
		})
		in, err := srv.Autocomplete(ctx, alice, world.Channel.ID, "atheneum", Sub("place", StringOpt("card", "dra").Focus()))
		if err != nil {
			t.Fatal(err)
		}
		if err := bot.result(t, in.ID); err != nil {
			t.Fatal(err)
		}
		cb, err := in.WaitAck(ctx)
		if err != nil || len(cb.Choices) != 2 || cb.Choices[0].Value != "dracula" {
			t.Errorf("choices = %+v, %v", cb.Choices, err)
		}
		if _, err := in.WaitResponse(ctx); !errors.Is(err, ErrNoMessageResponse) {
			t.Errorf("WaitResponse = %v, want ErrNoMessageResponse", err)
		}
	})

	t.Run("too many autocomplete choices are refused", func(t *testing.T) {
		var refused error
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			var many []*discordgo.ApplicationCommandOptionChoice
			for n := range 26 {
				many = append(many, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprint(n), Value: fmt.Sprint(n)})
			}
			refused = s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionApplicationCommandAutocompleteResult,
				Data: &discordgo.InteractionResponseData{Choices: many},
			})
			return nil
		})
		in, err := srv.Autocomplete(ctx, alice, world.Channel.ID, "atheneum", Sub("place", StringOpt("card", "").Focus()))
		if err != nil {
			t.Fatal(err)
		}
		_ = bot.result(t, in.ID)
		if _, code := restErrCode(refused); code != 50035 {
			t.Errorf("error = %v, want 50035", refused)
		}
		if vs := srv.TakeViolations(); len(vs) != 1 || vs[0].Field != "data.choices" {
			t.Errorf("violations = %v", vs)
		}
	})

	t.Run("a user option resolves the user and member", func(t *testing.T) {
		var player *discordgo.User
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			player = i.ApplicationCommandData().Options[0].Options[0].UserValue(nil)
			if r := i.ApplicationCommandData().Resolved; r == nil || r.Users[bob.ID] == nil || r.Members[bob.ID] == nil {
				return fmt.Errorf("resolved = %+v, want bob as user and member", r)
			}
			return reply("bob's shelf", 0)(s, i)
		})
		in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("shelf", UserOpt("player", bob)))
		if err != nil {
			t.Fatal(err)
		}
		if err := bot.result(t, in.ID); err != nil {
			t.Fatal(err)
		}
		if player == nil || player.ID != bob.ID {
			t.Errorf("player = %+v, want bob", player)
		}
	})

	invocations := []struct {
		name    string
		command string
		opts    []Option
	}{
		{"an unregistered command cannot be invoked", "chess", nil},
		{"an unknown subcommand cannot be invoked", "atheneum", []Option{Sub("resign")}},
		{"a missing required option is refused", "atheneum", []Option{Sub("shelf")}},
		{"an option of the wrong type is refused", "atheneum", []Option{Sub("shelf", StringOpt("player", "bob"))}},
		{"a value outside the option's choices is refused", "atheneum", []Option{Sub("place", StringOpt("card", "x"), StringOpt("slot", "middle"))}},
	}
	for _, tc := range invocations {
		t.Run(tc.name, func(t *testing.T) {
			if in, err := srv.SlashCommand(ctx, alice, world.Channel.ID, tc.command, tc.opts...); err == nil {
				t.Errorf("dispatched %s, want an error", in.ID)
			}
		})
	}
	t.Run("autocomplete on an option without autocomplete is refused", func(t *testing.T) {
		if _, err := srv.Autocomplete(ctx, alice, world.Channel.ID, "atheneum", Sub("place", StringOpt("slot", "t").Focus())); err == nil {
			t.Error("want an error")
		}
	})

	t.Run("a modal opened by a command is submitted with its inputs", func(t *testing.T) {
		bot.setHandler(func(s *discordgo.Session, i *discordgo.Interaction) error {
			if i.Type == discordgo.InteractionModalSubmit {
				d := i.ModalSubmitData()
				title := d.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
				return reply("new game: "+title, 0)(s, i)
			}
			return s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "new-game", Title: "New game", Components: []discordgo.MessageComponent{
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.TextInput{CustomID: "title", Label: "Title", Style: discordgo.TextInputShort, Required: true},
					}},
				}},
			})
		})
		open, err := srv.SlashCommand(ctx, alice, world.Channel.ID, "atheneum", Sub("new"))
		if err != nil {
			t.Fatal(err)
		}
		cb, err := open.WaitAck(ctx)
		if err != nil || cb.Modal == nil || cb.Modal.Title != "New game" {
			t.Fatalf("callback = %+v, %v; want the modal", cb, err)
		}
		if _, err := srv.SubmitModal(ctx, alice, open, map[string]string{}); err == nil {
			t.Error("submitting without the required title must fail")
		}
		submit, err := srv.SubmitModal(ctx, alice, open, map[string]string{"title": "Dune"})
		if err != nil {
			t.Fatal(err)
		}
		m, err := submit.WaitResponse(ctx)
		if err != nil || m.Content != "new game: Dune" {
			t.Errorf("response = %q, %v", m.Content, err)
		}
	})
}
